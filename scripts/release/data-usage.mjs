// Chrome Web Store's data-usage answers (Privacy practices tab) from the same list as Firefox's
// `data_collection_permissions` (build/packages.mjs), so the two stores are told the same thing.
// Chrome's categories and their definitions: docs/stores.md, section Privacy.

/** Mozilla's data type → the Chrome Web Store category that says the same. */
export const CHROME_DATA_TYPES = {
  authenticationInfo: 'Authentication information',
  personalCommunications: 'Personal communications',
  websiteContent: 'Website content',
  // A page's address (Push this page): Chrome's "Web history" is the pages a person visits, with their addresses.
  browsingActivity: 'Web history',
};

/** Chrome's categories for a package's Mozilla data types; throws on a type with no counterpart yet. */
export function chromeDataTypes(mozillaTypes) {
  return mozillaTypes.map((type) => {
    const chrome = CHROME_DATA_TYPES[type];
    if (!chrome) throw new Error(`scripts/release/data-usage.mjs: no Chrome data-usage category for Mozilla's ${type}`);
    return chrome;
  });
}

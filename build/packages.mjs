// The three packages one source builds (docs/packaging.md): the combined Pushgate, and one package per
// purpose for the stores that take only single-purpose extensions (docs/stores.md). `PUSHGATE_PACKAGE`
// picks one when wxt.config.ts loads; unset, it is the combined one. Plain JavaScript, so that
// `npm run release` (scripts/release.mjs) reads the same table as the build.
//
// What a package carries is decided here: its entrypoints, its name and summary (and the page titles
// that say its name), its permissions (wxt.config.ts reads `share` and `airport`), its icons,
// catalogues, privacy policy and the keys of its policy schema (build/package-assets.ts), and the two
// build-time constants `import.meta.env.PUSHGATE_SHARE` and `import.meta.env.PUSHGATE_AIRPORT` that the
// code mixing both purposes tests (the background, the popup's header, the settings page, the lockdown,
// the database, the policy's check), so that the other purpose's code drops out of the bundle
// (test/build/bundles.test.ts).

/**
 * What sharing sends to the servers the person chose, in Mozilla's terms (README, section Firefox):
 * the token and passphrases, what is pushed, a page's selected text, and the page's address when the
 * person chooses Push this page. The Firefox manifest declares it (wxt.config.ts) and the checklist
 * turns it into Chrome's data-usage answers (scripts/release/data-usage.mjs), so the two agree.
 */
const SHARING_DATA = ['authenticationInfo', 'personalCommunications', 'websiteContent', 'browsingActivity'];

/** @type {Record<import('./packages.d.mts').PackageId, import('./packages.d.mts').PackageSpec>} */
export const PACKAGES = {
  pushgate: {
    id: 'pushgate',
    share: true,
    airport: true,
    nameKey: 'extName',
    descriptionKey: 'extDescription',
    ownMessages: {},
    entrypoints: ['background', 'offscreen', 'popup', 'options', 'pushes', 'sidepanel'],
    artifact: 'pushgate',
    outSuffix: '',
    geckoId: 'pushgate@pushgate.dev',
    dataCollection: SHARING_DATA,
  },
  share: {
    id: 'share',
    share: true,
    airport: false,
    nameKey: 'shareExtName',
    descriptionKey: 'shareExtDescription',
    ownMessages: { optionsHeading: 'shareOptionsHeading', welcomeTitle: 'shareWelcomeTitle' },
    entrypoints: ['background', 'offscreen', 'popup', 'options', 'pushes'],
    artifact: 'pushgate-share',
    outSuffix: '-share',
    geckoId: 'pushgate-share@pushgate.dev',
    dataCollection: SHARING_DATA,
  },
  airport: {
    id: 'airport',
    share: false,
    airport: true,
    nameKey: 'airportExtName',
    descriptionKey: 'airportExtDescription',
    ownMessages: { optionsHeading: 'airportOptionsHeading' },
    // No popup: the toolbar button opens the side panel (entrypoints/background.ts).
    entrypoints: ['background', 'options', 'sidepanel'],
    artifact: 'pushgate-airport',
    outSuffix: '-airport',
    geckoId: 'pushgate-airport@pushgate.dev',
    // Only the subscription keys a person may enter (README, section Firefox).
    dataCollection: ['authenticationInfo'],
  },
};

/** @type {import('./packages.d.mts').PackageId[]} */
export const PACKAGE_IDS = ['pushgate', 'share', 'airport'];

/** The package `PUSHGATE_PACKAGE` names (`share`, `airport`; unset or `pushgate` for the combined one). */
export function packageFromEnv(env = process.env) {
  const id = env.PUSHGATE_PACKAGE || 'pushgate';
  if (!PACKAGE_IDS.includes(id)) throw new Error(`PUSHGATE_PACKAGE=${id}: no such package (${PACKAGE_IDS.join(', ')})`);
  return PACKAGES[id];
}

/**
 * A text of the project for one package: a block between `<!-- share -->` and `<!-- /share -->` (or
 * `airport`; blocks may nest) is kept only in the packages that carry that purpose, a block between
 * `<!-- share only -->` and `<!-- /share only -->` (or `airport only`, `pushgate only`) only in that one
 * package, and the product is called by the package's name. Used for the privacy policy
 * (docs/privacy.md) and the reviewer's note (store/reviewer-note.md), which read as the combined
 * package's texts: the markers are HTML comments, which Markdown does not show.
 */
export function textForPackage(spec, source, name, file) {
  const kept = [];
  const open = [];
  const keeps = (block) => (block.endsWith(' only') ? spec.id === block.slice(0, -' only'.length) : spec[block]);
  for (const line of source.split('\n')) {
    const marker = /^<!-- (\/?)(share|airport|share only|airport only|pushgate only) -->$/.exec(line.trim());
    if (!marker) {
      if (open.every(keeps)) kept.push(line);
      continue;
    }
    const block = marker[2];
    if (!marker[1]) open.push(block);
    else if (open.pop() !== block) throw new Error(`${file}: ${line.trim()} closes no <!-- ${block} -->`);
  }
  if (open.length) throw new Error(`${file}: <!-- ${open.at(-1)} --> is never closed`);
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\bPushgate\b/g, name);
}

/**
 * The attribute build/filled-texts.ts puts on a page's `<html>`: the language in which the build
 * wrote the texts of its `data-i18n` elements. A page whose catalogue is in that language leaves
 * those elements alone (lib/i18n.ts, `localizeElements`).
 */
export const TEXTS_FILLED_IN = 'data-i18n-filled';

import polyfill from 'webextension-polyfill';

/**
 * webextension-polyfill as an ES module of Pushgate's own, imported on demand by
 * lib/browser/namespace.ts on Chrome before 148. The polyfill is CommonJS: importing it here,
 * not there, keeps the bundler's CommonJS interop with it in this chunk, out of namespace.ts,
 * which every page loads to open (docs/performance.md, rule 8).
 */
export default polyfill;

// The package ships no types; lib/browser/namespace.ts gives it WXT's `browser` type, which it implements.
declare module 'webextension-polyfill' {
  const browser: unknown;
  export default browser;
}

/**
 * Packages that run code at `npm ci` (an `install`, `preinstall` or `postinstall` script): npm marks
 * them `hasInstallScript` in package-lock.json. None of Pushgate's dependencies has one, and a
 * dependency that gains one must be noticed before its script runs on a developer's or CI machine.
 * The project .npmrc turns install scripts off besides (test/build/hardening.test.ts).
 */
export function packagesWithInstallScripts(lockfile: { packages?: Record<string, { hasInstallScript?: boolean }> }): string[] {
  return Object.entries(lockfile.packages ?? {})
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
    .map(([path]) => path);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGES, type PackageId, type PackageSpec } from '../../build/packages.mjs';
import type { Target } from './permissions';

/**
 * The builds the packaging tests check, each made fresh by global-setup.ts in its own folder under
 * `.output/build-check/`: `.output/chrome-mv3` must stay the test build the e2e suite loads, and
 * `npm run zip` would overwrite it with the store build. The combined package's store, test and
 * Firefox builds, and the store builds of the two single-purpose packages (build/packages.mjs) for
 * Chrome and Firefox.
 */

export const root = fileURLToPath(new URL('../..', import.meta.url));
const checkDir = path.join(root, '.output', 'build-check');

export type Variant = 'store' | 'test' | 'firefox' | 'share' | 'share-firefox' | 'airport' | 'airport-firefox';

export interface VariantSpec {
  /** Which package (PUSHGATE_PACKAGE). */
  package: PackageId;
  browser: Target;
  /** Sets PUSHGATE_TEST_HOSTS=1, as `npm run build:test` does. */
  testHosts: boolean;
  /** `wxt zip` (build, then the store archives) rather than `wxt build`. */
  zip: boolean;
}

export const variants: Record<Variant, VariantSpec> = {
  store: { package: 'pushgate', browser: 'chrome', testHosts: false, zip: true },
  test: { package: 'pushgate', browser: 'chrome', testHosts: true, zip: false },
  firefox: { package: 'pushgate', browser: 'firefox', testHosts: false, zip: true },
  share: { package: 'share', browser: 'chrome', testHosts: false, zip: true },
  'share-firefox': { package: 'share', browser: 'firefox', testHosts: false, zip: true },
  airport: { package: 'airport', browser: 'chrome', testHosts: false, zip: true },
  'airport-firefox': { package: 'airport', browser: 'firefox', testHosts: false, zip: true },
};

/** The store builds (no test hosts), each package in Chrome and Firefox. */
export const storeVariants = (Object.keys(variants) as Variant[]).filter((variant) => !variants[variant].testHosts);

/** The package a variant builds. */
export function packageOf(variant: Variant): PackageSpec {
  return PACKAGES[variants[variant].package];
}

/** WXT's `outDir` (the base folder) for a variant: the extension and its zips go in here. */
export function outBase(variant: Variant): string {
  return path.join(checkDir, variant);
}

/** The unpacked extension of a variant, as a browser would load it. */
export function extensionDir(variant: Variant): string {
  return path.join(outBase(variant), `${variants[variant].browser}-mv3${packageOf(variant).outSuffix}`);
}

export type Manifest = Record<string, unknown> & {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
};

/** The built manifest.json of a variant. */
export function readManifest(variant: Variant): Manifest {
  return JSON.parse(readFileSync(path.join(extensionDir(variant), 'manifest.json'), 'utf8')) as Manifest;
}

const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

/** The archive WXT names `{artifact}-{version}-{browser}.zip`, or the Firefox `…-sources.zip`. */
export function archivePath(variant: Variant, kind: 'extension' | 'sources'): string {
  const suffix = kind === 'sources' ? 'sources' : variants[variant].browser;
  return path.join(outBase(variant), `${packageOf(variant).artifact}-${version}-${suffix}.zip`);
}

/**
 * The environment a build runs in when a test starts it: this process's, without what Vitest sets
 * for itself. Vitest sets NODE_ENV=test, and Vite then compiles JSX with its development runtime,
 * which writes each component's absolute source path into the bundle: a build checked here would
 * not be the build a person makes (test/build/sources-rebuild.test.ts caught it).
 */
export function buildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  return { ...env, ...extra };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionDir, packageOf, root, variants, type Variant } from './builds';
import { packagesWithInstallScripts } from './install-scripts';
import { optionalHosts } from './permissions';

/** `Object.assign(globalThis, { pushgate: { handleMenuClick, … } })`, as the minifier writes it. */
const TEST_HOOK = /pushgate:\{handleMenuClick:/;

function background(variant: Variant): string {
  return readFileSync(path.join(extensionDir(variant), 'background.js'), 'utf8');
}

describe("the background's test hook", () => {
  it.each((Object.keys(variants) as Variant[]).filter((variant) => variant !== 'test'))('is not in the %s build', (variant) => {
    expect(background(variant)).not.toMatch(TEST_HOOK);
  });

  it('is in the test build, which the e2e suite drives the menu through', () => {
    expect(background('test')).toMatch(TEST_HOOK);
  });
});

/** `{secondMs:1e3}`: how long a clipboard clear's second lasts, as the minifier writes it (lib/browser/clipboard/clear-timing.ts). */
const CLEAR_SECOND = /\{secondMs:([^,}]+)\}/;

/** The builds of a package that shares: the clipboard and the lockdown are sharing's (build/packages.mjs). */
const sharing = (Object.keys(variants) as Variant[]).filter((variant) => packageOf(variant).share);

describe("the clipboard clear's second", () => {
  // Only `npm run build:test:firefox` shortens it, for its Firefox test; a person's "1 minute" is a minute.
  it.each(sharing)('is 1000 ms in the %s build', (variant) => {
    const found = background(variant).match(CLEAR_SECOND);
    expect(found, 'the clear timing in background.js').not.toBeNull();
    expect(Number(found![1])).toBe(1000);
  });
});

/** `{retryBackoffMs:2e3}`: the lockdown's retry back-off, as the minifier writes it (lib/lockdown/timing.ts). */
const LOCKDOWN_TIMING = /\{retryBackoffMs:([^,}]+)\}/;
/**
 * `{...INSTANCE_BUDGET,perMinute:100}`: the instances' budget as the build sets it (lib/pace/instance-pacers.ts),
 * not the pacer's default it spreads (lib/pace/pacer.ts), which comes first in the bundle.
 */
const PACE_BUDGET = /\{\.\.\.[\w$]+,perMinute:([^,}]+)\}/;

describe("the instances' pace and the lockdown's back-off", () => {
  // Under the instance's throttle of 120 a minute (docs/password-pusher.md#throttling) in every build a person installs;
  // only the test builds go faster, so the e2e lockdowns of hundreds of pushes take seconds.
  it.each(sharing)('100 requests a minute and 2 s retries in the %s build, 600 and 200 ms in the test build', (variant) => {
    const backoff = background(variant).match(LOCKDOWN_TIMING);
    const budget = background(variant).match(PACE_BUDGET);
    expect(backoff, 'the lockdown timing in background.js').not.toBeNull();
    expect(budget, 'the pace budget in background.js').not.toBeNull();
    expect([Number(budget![1]), Number(backoff![1])]).toEqual(variants[variant].testHosts ? [600, 200] : [100, 2000]);
  });
});

describe('dependencies that run code at install', () => {
  it('never run it: the project .npmrc turns install scripts off for npm ci and npm install', () => {
    const npmrc = readFileSync(path.join(root, '.npmrc'), 'utf8');
    expect(npmrc.split('\n').map((line) => line.trim())).toContain('ignore-scripts=true');
  });

  it('none: no package in package-lock.json has an install script', () => {
    const lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    expect(packagesWithInstallScripts(lockfile)).toEqual([]);
  });

  it('a package that gains one is named (the root project itself is not a dependency)', () => {
    const lockfile = {
      packages: {
        '': { hasInstallScript: true },
        'node_modules/quiet': {},
        'node_modules/esbuild': { hasInstallScript: true },
      },
    };
    expect(packagesWithInstallScripts(lockfile)).toEqual(['node_modules/esbuild']);
  });
});

describe('permission reasons', () => {
  it('say what a granted host also allows: scripting on that site', () => {
    for (const [host, reason] of Object.entries(optionalHosts)) expect(reason, host).toMatch(/scripting/);
  });
});

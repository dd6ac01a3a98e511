import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGES, type PackageSpec } from '../../build/packages.mjs';
import { launchExtension, type ExtensionBrowser } from './support/browser';

/**
 * What's new in each single-purpose package (build/changelogs.mjs): after an update with new
 * behaviour the toolbar icon's dot, and on its settings page only its own purpose's entries, in the
 * browser's language; seen there, the dot goes. The combined package's is in first-run.e2e.ts.
 */

const ROOT = resolve(__dirname, '../..');
const buildDir = (spec: PackageSpec) => resolve(ROOT, '.output/whats-new-e2e', spec.id);

/** The package's test build, in its own process: wxt.config.ts reads the environment once. */
function build(spec: PackageSpec): void {
  const script = `const wxt = await import('wxt'); await wxt.build({ browser: 'chrome', manifestVersion: 3, outDir: process.env.OUT_DIR });`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, OUT_DIR: buildDir(spec), PUSHGATE_PACKAGE: spec.id, PUSHGATE_TEST_HOSTS: '1' },
  });
  if (run.status !== 0) throw new Error(`The ${spec.id} build failed:\n${run.stdout}\n${run.stderr}`);
}

describe.each([
  {
    spec: PACKAGES.share,
    locale: 'de',
    heading: 'Neu in Pushgate Share 0.1.0',
    own: 'Ein Geheimnis teilen',
    other: /Flughafen|Flughäfen/,
  },
  {
    spec: PACKAGES.airport,
    locale: 'sv',
    heading: 'Nyheter i Pushgate Airport 0.1.0',
    own: 'Väntetider i flygplatsernas säkerhetskontroll',
    other: /hemlighet|\bpush(ar|en)?\b/i,
  },
])("$spec.artifact: What's new in $locale", ({ spec, locale, heading, own, other }) => {
  let extension: ExtensionBrowser | undefined;

  beforeAll(() => build(spec), 240_000);

  afterEach(async () => {
    await extension?.close();
  });

  it('a dot on the toolbar icon until its own entries are seen in its settings', async () => {
    extension = await launchExtension({ locale, extensionDir: resolve(buildDir(spec), `chrome-mv3${spec.outSuffix}`) });
    const worker = await extension.worker();
    const badge = () => worker.evaluate(() => chrome.action.getBadgeText({}));
    // What the background leaves after `runtime.onInstalled` with reason `update` from an older minor version.
    await worker.evaluate(() => chrome.storage.local.set({ whatsNew: { since: '0.0.9', version: '0.1.0', seen: false } }));
    await expect.poll(badge).toBe('•');

    const options = await extension.open('options.html');
    const section = options.locator('section.whats-new');
    await section.getByRole('heading', { name: heading }).waitFor();
    await section.getByText(own, { exact: true }).waitFor();
    expect(await section.locator('ul').first().getAttribute('lang')).toBe(locale);
    expect(await section.textContent()).not.toMatch(other);
    await expect.poll(badge).toBe('');
  });
});

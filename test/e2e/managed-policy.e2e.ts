import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv } from '../build/builds';
import { DEFAULT_KEYS, startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { EXTENSION_DIR, eventually, launchExtension, welcomeUrl, type ExtensionBrowser } from './support/browser';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';

/**
 * Settings an organisation sets, the way an administrator sets them: a policy file where Debian's
 * Chromium reads its machine policy, for this extension's id, read by Chromium itself and handed to
 * the extension through `storage.managed` against its schema (README.md, "For administrators"): the
 * combined package's test build, and Pushgate Airport's, built here.
 */
const POLICY_DIR = '/etc/chromium/policies/managed';

/** Chromium's id for an unpacked extension: its absolute path's SHA-256, the first 32 hex digits written with a–p. */
function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(dir).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

function canWritePolicy(): boolean {
  try {
    mkdirSync(POLICY_DIR, { recursive: true });
    accessSync(POLICY_DIR, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

const ID = unpackedExtensionId(EXTENSION_DIR);
// Named for this build's id: other checkouts on the machine load other ids, and other policy files are not ours.
const POLICY_FILE = join(POLICY_DIR, `pushgate-e2e-${ID}.json`);

describe.skipIf(!canWritePolicy())(`a machine policy in ${POLICY_DIR}`, () => {
  let pwpush: PwpushServer;
  let extension: ExtensionBrowser;

  beforeAll(async () => {
    pwpush = await startPwpushServer();
    const policy = {
      instanceUrl: pwpush.url,
      expireAfterDaysMax: 7,
      expireAfterViewsDefault: 3,
      retrievalStepForced: true,
      lockdown: false,
      // Not a number: Chromium's schema check refuses it, and Pushgate never sees it.
      expireAfterViewsMax: 'lots',
      // Text, as the schema asks, but a language's name rather than its code: Pushgate refuses it, and says so.
      recipientLanguageDefault: 'Deutsch',
    };
    writeFileSync(POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [ID]: policy } } }));
    extension = await launchExtension({ keepWelcome: true });
  });

  afterAll(async () => {
    await extension?.close();
    await pwpush?.close();
    rmSync(POLICY_FILE, { force: true });
  });

  it("reaches the extension whose id its path gives, checked against the extension's schema", async () => {
    expect(extension.extensionId).toBe(ID);
    const worker = await extension.worker();
    const managed = await eventually(async () => {
      const values = await worker.evaluate(() => chrome.storage.managed.get(null));
      return Object.keys(values).length ? values : undefined;
    });
    expect(managed).toEqual({
      instanceUrl: pwpush.url,
      expireAfterDaysMax: 7,
      expireAfterViewsDefault: 3,
      retrievalStepForced: true,
      lockdown: false,
      recipientLanguageDefault: 'Deutsch',
    });
  });

  it("needs no first run where the organisation's instance is reachable, and its first run asks for no typing", async () => {
    // The test build holds loopback access from install (wxt.config.ts): with the organisation's
    // instance in force, nothing is left to set up, so no first run opens.
    expect(extension.context.pages().some((page) => page.url() === welcomeUrl(extension.extensionId))).toBe(false);
    const welcome = await extension.open('options.html#welcome');
    await welcome.getByRole('heading', { name: 'Step 1 of 3: Where your secrets go' }).waitFor();
    await welcome.getByText(`Your organisation has chosen the instance: ${new URL(pwpush.url).host}.`).waitFor();
    expect(await welcome.getByRole('radio').count()).toBe(0);
    expect(await welcome.getByRole('textbox').count()).toBe(0);
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await welcome.getByRole('heading', { name: 'Step 2 of 3: An API token (optional)' }).waitFor();
    await welcome.close();
  });

  it('shows the locked settings as set by the organisation, and offers no lockdown', async () => {
    const options = await OptionsPage.open(extension);
    const url = options.instanceUrl();
    await expect.poll(() => url.inputValue()).toBe(pwpush.url);
    expect(await url.getAttribute('readonly')).not.toBeNull();
    const describedBy = (await url.getAttribute('aria-describedby'))!.split(' ')[0]!;
    expect(await options.page.locator(`#${describedBy}`).innerText()).toContain('Set by your organisation');
    const days = options.page.getByRole('spinbutton', { name: 'Expire after days' });
    expect(await days.getAttribute('max')).toBe('7');
    await options.page.getByText('At most 7: a limit set by your organisation.').waitFor();
    expect(await options.page.getByRole('checkbox', { name: 'Retrieval step' }).isDisabled()).toBe(true);
    expect(await options.page.getByRole('heading', { name: 'Lockdown' }).count()).toBe(0);
    expect(await options.policyRefusals()).toEqual([
      "recipientLanguageDefault: set to “Deutsch”. It is not a Password Pusher language code (such as de, en-GB or sv), nor empty for the instance's own language. Your own setting is used instead.",
    ]);
    expect(await options.page.getByRole('combobox', { name: "Recipient's language" }).isDisabled()).toBe(false);
    await options.page.close();
  });

  it("caps the popup's fields with a note, locks the retrieval step on, and every push keeps within the policy", async () => {
    const popup = await PopupPage.open(extension);
    const { page } = popup;
    await page.getByText(`Sends to ${new URL(pwpush.url).host}, set by your organisation`).waitFor();
    await page.getByText('Options', { exact: true }).click();
    const days = page.getByRole('spinbutton', { name: 'Expire after days' });
    await expect.poll(() => days.getAttribute('max')).toBe('7');
    await page.getByText('At most 7: a limit set by your organisation.').waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Expire after views' }).inputValue()).toBe('3');
    const retrieval = page.getByRole('checkbox', { name: 'Retrieval step' });
    expect(await retrieval.isChecked()).toBe(true);
    expect(await retrieval.isDisabled()).toBe(true);
    expect(await page.locator('#open-lockdown').isHidden()).toBe(true);

    await popup.pushText('a policy-bound secret');
    await popup.link();
    const [created] = pwpush.pushes();
    expect(created).toMatchObject({ expire_after_days: 7, expire_after_views: 3, retrieval_step: true });
  });
});

/**
 * Pushgate Airport's test build (`npm run build:test:airport`), made here into a folder of its own,
 * whose path gives its id. In its own process: wxt.config.ts reads the package when it loads.
 */
const AIRPORT_BUILD = resolve(__dirname, '../../.output/managed-policy');
const AIRPORT_DIR = join(AIRPORT_BUILD, 'chrome-mv3-airport');
const AIRPORT_ID = unpackedExtensionId(AIRPORT_DIR);
const AIRPORT_POLICY_FILE = join(POLICY_DIR, `pushgate-e2e-${AIRPORT_ID}.json`);

function buildAirportPackage(): void {
  const script = `const wxt = await import('wxt'); await wxt.build({ browser: 'chrome', manifestVersion: 3, outDir: process.env.OUT_DIR });`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: resolve(__dirname, '../..'),
    encoding: 'utf8',
    env: buildEnv({ OUT_DIR: AIRPORT_BUILD, PUSHGATE_PACKAGE: 'airport', PUSHGATE_TEST_HOSTS: '1' }),
  });
  if (run.status !== 0) throw new Error(`The Pushgate Airport build failed:\n${run.stdout}\n${run.stderr}`);
}

/** The policy for every package, as an administrator writes it once: each package is handed the keys of its own schema. */
function writeAirportPolicy(airportApiUrl: string): void {
  const policy = { instanceUrl: 'https://pwpush.corp.example', expireAfterDaysMax: 7, lockdown: false, airportPanel: false, airportApiUrl };
  writeFileSync(AIRPORT_POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [AIRPORT_ID]: policy } } }));
}

describe.skipIf(!canWritePolicy())(`Pushgate Airport, and a machine policy in ${POLICY_DIR}`, () => {
  let airport: AirportServer;
  let extension: ExtensionBrowser;

  /** The copy of the policy the background keeps for the pages (lib/settings/policy-mirror.ts). */
  const keptPolicy = async () => (await (await extension.worker()).evaluate(() => chrome.storage.local.get('managedPolicy'))).managedPolicy;

  beforeAll(async () => {
    buildAirportPackage();
    airport = await startAirportServer();
    writeAirportPolicy(airport.url);
    extension = await launchExtension({ extensionDir: AIRPORT_DIR, keepWelcome: true });
  }, 300_000);

  afterAll(async () => {
    await extension?.close();
    await airport?.close();
    rmSync(AIRPORT_POLICY_FILE, { force: true });
  });

  it('reaches it with only the keys of its schema: the airport API’s address, not the sharing keys or airportPanel', async () => {
    expect(extension.extensionId).toBe(AIRPORT_ID);
    const worker = await extension.worker();
    const managed = await eventually(async () => {
      const values = await worker.evaluate(() => chrome.storage.managed.get(null));
      return Object.keys(values).length ? values : undefined;
    });
    expect(managed).toEqual({ airportApiUrl: airport.url });
    await expect.poll(keptPolicy, { timeout: 10_000 }).toEqual({ policy: { airportApiUrl: airport.url }, ignored: [] });
  });

  it('shows the address in its own settings page as set by the organisation and locked, and asks it', async () => {
    const options = await OptionsPage.open(extension);
    await options.page.getByRole('heading', { level: 1, name: 'Pushgate Airport settings' }).waitFor();
    await expect.poll(() => options.page.title(), { timeout: 10_000 }).toBe('Pushgate Airport settings');
    const url = options.airportUrl();
    await expect.poll(() => url.inputValue(), { timeout: 10_000 }).toBe(airport.url);
    expect(await url.getAttribute('readonly')).not.toBeNull();
    const describedBy = (await url.getAttribute('aria-describedby'))!.split(' ')[0]!;
    expect(await options.page.locator(`#${describedBy}`).innerText()).toContain('Set by your organisation');

    await options.fillAirport({ key: DEFAULT_KEYS[0] });
    await options.testButton().click();
    await expect.poll(() => options.announcements(), { timeout: 10_000 }).toMatch(/subscription key works/i);
    expect(airport.requests.map((request) => request.key)).toEqual([DEFAULT_KEYS[0]]);
    await options.page.close();
  });

  it('follows the policy when it changes while the browser runs', async () => {
    const moved = airport.url.replace('127.0.0.1', 'localhost');
    writeAirportPolicy(moved);
    // Chromium notices the file changed and reads it again after a few quiet seconds (its own timing).
    await expect.poll(keptPolicy, { timeout: 45_000 }).toEqual({ policy: { airportApiUrl: moved }, ignored: [] });
    const options = await OptionsPage.open(extension);
    await expect.poll(() => options.airportUrl().inputValue(), { timeout: 10_000 }).toBe(moved);
    await options.page.close();
  });
});

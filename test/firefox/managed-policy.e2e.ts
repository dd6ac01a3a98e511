import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { launchFirefox, type FirefoxWithExtension } from './browser';
import type { InPage } from './controls';

// `npm run build:test:firefox`: the Firefox build with the loopback hosts granted at install.
const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');

/**
 * Settings an organisation sets, the way an administrator sets them in Firefox: a `policies.json`
 * where Debian's firefox-esr reads its machine policy (README.md, "For administrators"). Firefox
 * looks first in its system configuration folder, `/etc/firefox/policies/` on Linux (Debian's ESR
 * too: the folder is named for the application, Firefox, not the package; `/etc/firefox-esr/` is
 * not read), then in the installation's `distribution/` folder; it reads the file once, when it
 * starts, and hands the add-on's section to it unchecked through `storage.managed`.
 */
const POLICY_DIR = '/etc/firefox/policies';
/** The folders this test makes, removed after it when they are empty again. */
const MADE = ['/etc/firefox', POLICY_DIR].filter((dir) => !existsSync(dir));
const POLICY_FILE = join(POLICY_DIR, 'policies.json');
const ADDON_ID = 'pushgate@pushgate.dev';

/** Only where the file can be written, and never over a policy the machine already has. */
function canWritePolicy(): boolean {
  if (existsSync(POLICY_FILE)) return false;
  try {
    mkdirSync(POLICY_DIR, { recursive: true });
    accessSync(POLICY_DIR, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The notes a control is described by, in order, as a screen reader hears them after its name. */
const notesOf = (page: Page, selector: string) =>
  page.$eval(selector, (control) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? ''),
  );

describe.skipIf(!canWritePolicy())(`a machine policy in ${POLICY_FILE}`, () => {
  let pwpush: PwpushServer;
  let firefox: FirefoxWithExtension;
  let policy: Record<string, unknown>;

  beforeAll(async () => {
    pwpush = await startPwpushServer();
    policy = {
      instanceUrl: pwpush.url,
      retrievalStepForced: true,
      // Firefox checks nothing against the schema: Pushgate refuses it, and says so.
      expireAfterDaysMax: -3,
    };
    writeFileSync(POLICY_FILE, JSON.stringify({ policies: { '3rdparty': { Extensions: { [ADDON_ID]: policy } } } }));
    try {
      firefox = await launchFirefox(EXTENSION_DIR);
    } finally {
      // Read at start-up, kept by Firefox from then on: removed at once, so that no other Firefox
      // started on this machine meanwhile (another checkout's tests) runs under it.
      rmSync(POLICY_FILE, { force: true });
    }
  });

  afterAll(async () => {
    await firefox?.close();
    await pwpush?.close();
    rmSync(POLICY_FILE, { force: true });
    for (const dir of [...MADE].reverse()) if (readdirSync(dir).length === 0) rmdirSync(dir);
  });

  it('hands the add-on its section of policies.json, unchecked, through storage.managed', async () => {
    const page = await firefox.open('options.html');
    const managed = await page.evaluate(() => (globalThis as unknown as InPage).browser.storage.managed.get(null));
    expect(managed).toEqual(policy);
    await page.close();
  });

  it('shows the managed instance in Settings as set and locked, and says which value it cannot use', async () => {
    const page = await firefox.open('options.html');
    // The background keeps the checked policy when it starts; the page shows it once it is kept.
    await page.waitForFunction(
      (url) => {
        const field = document.querySelector<HTMLInputElement>('#instance-url');
        return field?.value === url && field.readOnly;
      },
      {},
      pwpush.url,
    );
    expect((await notesOf(page, '#instance-url'))[0]).toContain('Set by your organisation');
    const retrieval = await page.$eval('#retrieval-step', (box) => [(box as HTMLInputElement).checked, (box as HTMLInputElement).disabled]);
    expect(retrieval).toEqual([true, true]);

    const notice = await page.$eval('.policy-refused', (section) => ({
      heading: section.querySelector('h2')?.textContent,
      items: [...section.querySelectorAll('li')].map((item) => item.textContent?.replace(/[\u2068\u2069]/g, '')),
    }));
    expect(notice).toEqual({
      heading: "Part of your organisation's policy cannot be used",
      items: [
        "expireAfterDaysMax: set to “-3”. It needs a whole number from 1 to 90. Password Pusher's own limit, 90 days, applies instead.",
      ],
    });
    expect(await page.$eval('#expire-after-days', (days) => (days as HTMLInputElement).max)).toBe('90');
    await page.close();
  });
});

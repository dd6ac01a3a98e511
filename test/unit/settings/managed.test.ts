import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  airportApiUrl,
  DEFAULT_AIRPORT_API_URL,
  DEFAULT_PUSH_DEFAULTS,
  getConnection,
  getManagedPolicy,
  getPushDefaults,
  getPushLimits,
  historySettings,
  instanceUrl,
  pushDefaults,
  receiptsOn,
} from '@/lib/settings';
import { limitsOf, managedDefaults, NO_LIMITS, withinLimits } from '@/lib/settings/in-force';
import type { ManagedPolicy, PolicyReading, RefusalReason } from '@/lib/settings/managed';
import { GIVEN_TEXT_MAX, readPolicy } from '@/lib/settings/policy-check';
import { mirrorManagedPolicy, mirroredPolicy } from '@/lib/settings/policy-mirror';
import { readPopupStart } from '@/lib/settings/pwpush';
import { storage } from '@/lib/settings/storage-item';

/** `storage.managed.get` held until `release`: Chrome answers it only once its policy service has started. */
function heldManagedRead(): { release(): void } {
  const read = fakeBrowser.storage.managed.get.bind(fakeBrowser.storage.managed);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Pushgate reads the whole area (lib/settings/policy-mirror.ts).
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation(async () => {
    await released;
    return read(null);
  });
  return { release };
}

/** What an administrator's policy hands the extension, as `storage.managed` gives it. */
async function setPolicy(values: Record<string, unknown>): Promise<void> {
  await fakeBrowser.storage.managed.clear();
  await fakeBrowser.storage.managed.set(values);
  await mirrorManagedPolicy();
}

describe('readPolicy: each value checked as Firefox hands it over unchecked', () => {
  it.each<[string, unknown, unknown]>([
    ['instanceUrl', 'https://pw.corp.example/p/abc', 'https://pw.corp.example'],
    ['instanceUrl', 'pw.corp.example', 'https://pw.corp.example'],
    ['instanceUrl', 'http://localhost:5100', 'http://localhost:5100'],
    ['airportApiUrl', 'https://proxy.corp.example/swedavia', 'https://proxy.corp.example'],
    ['expireAfterDaysMax', 30, 30],
    ['expireAfterDaysMax', 1, 1],
    ['expireAfterDaysMax', 90, 90],
    ['expireAfterViewsMax', 100, 100],
    ['expireAfterDaysDefault', 3, 3],
    ['expireAfterViewsDefault', 1, 1],
    ['recipientLanguageDefault', 'de', 'de'],
    ['recipientLanguageDefault', 'pt-BR', 'pt-BR'],
    ['recipientLanguageDefault', '', ''],
    ['retrievalStepForced', true, true],
    ['receipts', false, false],
    ['lockdown', false, false],
    ['airportPanel', false, false],
  ])('%s = %j is kept as %j', (key, given, kept) => {
    const { policy, ignored } = readPolicy({ [key]: given });
    expect((policy as Record<string, unknown>)[key]).toEqual(kept);
    expect(ignored).toEqual([]);
  });

  // What the settings page says why (components/options/policy-refusal-text.ts), and what it quotes.
  it.each<[string, unknown, RefusalReason, string]>([
    ['instanceUrl', 'http://pw.corp.example', 'insecure', 'http://pw.corp.example'],
    ['instanceUrl', 'ftp://pw.corp.example', 'not-http', 'ftp://pw.corp.example'],
    ['instanceUrl', 'javascript:alert(1)', 'not-http', 'javascript:alert(1)'],
    ['instanceUrl', 'pwpush', 'not-an-address', 'pwpush'],
    ['instanceUrl', 'https://', 'not-an-address', 'https://'],
    ['instanceUrl', 42, 'not-an-address', '42'],
    ['instanceUrl', 'http://admin:hunter2@pw.corp.example/api?token=abc', 'insecure', 'http://pw.corp.example/…'],
    ['airportApiUrl', '', 'not-an-address', ''],
    ['airportApiUrl', ['https://api.swedavia.se'], 'not-an-address', '["https://api.swedavia.se"]'],
    ['expireAfterDaysMax', 91, 'out-of-range', '91'],
    ['expireAfterDaysMax', 0, 'out-of-range', '0'],
    ['expireAfterDaysMax', -3, 'out-of-range', '-3'],
    ['expireAfterDaysMax', 7.5, 'out-of-range', '7.5'],
    ['expireAfterDaysMax', '30', 'not-a-number', '30'],
    ['expireAfterDaysMax', 'abc', 'not-a-number', 'abc'],
    ['expireAfterViewsMax', 101, 'out-of-range', '101'],
    ['expireAfterViewsMax', true, 'not-a-number', 'true'],
    ['expireAfterViewsDefault', -1, 'out-of-range', '-1'],
    ['recipientLanguageDefault', 'klingon', 'unknown-language', 'klingon'],
    ['recipientLanguageDefault', 'DE', 'unknown-language', 'DE'],
    ['recipientLanguageDefault', 7, 'unknown-language', '7'],
    ['retrievalStepForced', 'true', 'not-true-false', 'true'],
    ['retrievalStepForced', 1, 'not-true-false', '1'],
    ['receipts', 'off', 'not-true-false', 'off'],
    ['airportPanel', null, 'not-true-false', 'null'],
    ['lockdown', { on: false }, 'not-true-false', '{"on":false}'],
  ])('%s = %j is refused: %s, quoted as %j', (key, given, reason, quoted) => {
    const { policy, ignored } = readPolicy({ [key]: given });
    expect(policy).toEqual({});
    expect(ignored).toEqual([{ key, reason, given: quoted }]);
  });

  it('quotes a long value cut short, never in full', () => {
    const { ignored } = readPolicy({ recipientLanguageDefault: `x${'y'.repeat(5000)}` });
    expect(Array.from(ignored[0]!.given)).toHaveLength(GIVEN_TEXT_MAX);
    expect(ignored[0]!.given.endsWith('…')).toBe(true);
  });

  it.each<[string, Record<string, number>, Record<string, number>]>([
    ['days', { expireAfterDaysDefault: 30, expireAfterDaysMax: 7 }, { expireAfterDaysDefault: 7, expireAfterDaysMax: 7 }],
    ['views', { expireAfterViewsDefault: 10, expireAfterViewsMax: 5 }, { expireAfterViewsDefault: 5, expireAfterViewsMax: 5 }],
  ])('locks a default above its ceiling (%s) at the ceiling, and names it', (_, given, kept) => {
    const { policy, ignored } = readPolicy(given);
    expect(policy).toEqual(kept);
    const key = Object.keys(given).find((name) => name.endsWith('Default'));
    expect(ignored).toEqual([{ key, reason: 'above-ceiling', given: String(given[key!]) }]);
  });

  it('keeps a default at or under its ceiling, and a default whose ceiling was refused', () => {
    expect(readPolicy({ expireAfterDaysDefault: 7, expireAfterDaysMax: 7 }).ignored).toEqual([]);
    expect(readPolicy({ expireAfterDaysDefault: 30, expireAfterDaysMax: -3 })).toEqual({
      policy: { expireAfterDaysDefault: 30 },
      ignored: [{ key: 'expireAfterDaysMax', reason: 'out-of-range', given: '-3' }],
    });
  });

  it("names refusals in the schema's order", () => {
    const { ignored } = readPolicy({ airportPanel: 'no', expireAfterViewsDefault: 9, expireAfterViewsMax: 3, instanceUrl: 'ftp://x' });
    expect(ignored.map(({ key }) => key)).toEqual(['instanceUrl', 'expireAfterViewsDefault', 'airportPanel']);
  });

  it('leaves out keys the schema does not have, and reads anything that is not an object as no policy', () => {
    expect(readPolicy({ instanceUrl: 'https://pw.corp.example', apiToken: 'secret' })).toEqual({
      policy: { instanceUrl: 'https://pw.corp.example' },
      ignored: [],
    });
    expect(readPolicy(null)).toEqual({ policy: {}, ignored: [] });
    expect(readPolicy('https://pw.corp.example')).toEqual({ policy: {}, ignored: [] });
  });
});

describe('the organisation over the person', () => {
  const mine = { ...DEFAULT_PUSH_DEFAULTS, expireAfterDays: 60, expireAfterViews: 50, retrievalStep: false, recipientLocale: 'sv' };

  it.each<[string, ManagedPolicy, Partial<typeof mine>]>([
    ['no policy: the person’s defaults', {}, {}],
    [
      'ceilings bring defaults down to them',
      { expireAfterDaysMax: 30, expireAfterViewsMax: 10 },
      { expireAfterDays: 30, expireAfterViews: 10 },
    ],
    ['ceilings above the defaults change nothing', { expireAfterDaysMax: 90 }, {}],
    [
      'locked defaults replace the person’s',
      { expireAfterDaysDefault: 2, expireAfterViewsDefault: 1, recipientLanguageDefault: 'de' },
      { expireAfterDays: 2, expireAfterViews: 1, recipientLocale: 'de' },
    ],
    [
      'a locked default over its ceiling is brought down to it',
      { expireAfterDaysDefault: 20, expireAfterDaysMax: 14 },
      { expireAfterDays: 14 },
    ],
    ['a forced retrieval step is on', { retrievalStepForced: true }, { retrievalStep: true }],
    ['a retrieval step not forced stays the person’s', { retrievalStepForced: false }, {}],
  ])('%s', (_name, policy, changed) => {
    expect(managedDefaults(mine, policy)).toEqual({ ...mine, ...changed });
  });

  it('caps a push at the ceilings and forces its retrieval step, leaving the rest as asked', () => {
    const limits = limitsOf({ expireAfterDaysMax: 7, expireAfterViewsMax: 3, retrievalStepForced: true });
    const push = { kind: 'text', payload: 'x', expireAfterDays: 30, expireAfterViews: 2, retrievalStep: false, deletableByViewer: true };
    expect(withinLimits(push, limits)).toEqual({ ...push, expireAfterDays: 7, expireAfterViews: 2, retrievalStep: true });
    expect(withinLimits(push, NO_LIMITS)).toEqual(push);
  });
});

describe('managed settings: every reader gets the value in force', () => {
  it('reads the organisation’s instance, defaults, receipts and airport API, keeping the person’s underneath', async () => {
    await instanceUrl.setValue('https://mine.example');
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, expireAfterDays: 60 });
    await setPolicy({
      instanceUrl: 'https://pw.corp.example',
      airportApiUrl: 'https://proxy.corp.example',
      expireAfterDaysMax: 14,
      receipts: false,
    });

    expect(await instanceUrl.getValue()).toBe('https://pw.corp.example');
    expect((await getConnection())?.baseUrl).toBe('https://pw.corp.example');
    expect((await getPushDefaults()).expireAfterDays).toBe(14);
    expect(await receiptsOn.getValue()).toBe(false);
    expect(await airportApiUrl.getValue()).toBe('https://proxy.corp.example');
    expect(await storage.getItems([instanceUrl, receiptsOn] as const)).toEqual(['https://pw.corp.example', false]);
    // The person's own values are still there, and in force again without the policy.
    expect(await fakeBrowser.storage.local.get(['instanceUrl', 'pushDefaults'])).toMatchObject({
      instanceUrl: 'https://mine.example',
      pushDefaults: { expireAfterDays: 60 },
    });
    await setPolicy({});
    expect(await instanceUrl.getValue()).toBe('https://mine.example');
    expect((await getPushDefaults()).expireAfterDays).toBe(60);
    expect(await receiptsOn.getValue()).toBe(true);
    expect(await airportApiUrl.getValue()).toBe(DEFAULT_AIRPORT_API_URL);
  });

  it('gives the popup the policy, its limits and the defaults in force in its one read', async () => {
    await setPolicy({ instanceUrl: 'https://pw.corp.example', expireAfterViewsMax: 3, retrievalStepForced: true, lockdown: false });
    const start = await readPopupStart();
    expect(start.connection?.baseUrl).toBe('https://pw.corp.example');
    expect(start.defaults).toMatchObject({ expireAfterViews: 3, retrievalStep: true });
    expect(start.limits).toEqual({ daysMax: 90, viewsMax: 3, retrievalStepForced: true });
    expect(start.policy.lockdown).toBe(false);
    expect(await getPushLimits()).toEqual(start.limits);
  });

  it('gives the popup the history setting in the same read, kept unless the person turned it off', async () => {
    expect((await readPopupStart()).keepHistory).toBe(true);
    await historySettings.setValue({ keep: false, forgetExpiredAfterDays: 30 });
    expect((await readPopupStart()).keepHistory).toBe(false);
  });

  it('keeps the checked copy with the values it refused and why, and writes it only when it changed', async () => {
    await setPolicy({ instanceUrl: 'http://pw.corp.example', expireAfterDaysMax: 30 });
    expect(await getManagedPolicy()).toEqual({
      policy: { expireAfterDaysMax: 30 },
      ignored: [{ key: 'instanceUrl', reason: 'insecure', given: 'http://pw.corp.example' }],
    });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect((await mirrorManagedPolicy()).changed).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });

  it('reads no policy where the browser refuses the read (Firefox without one)', async () => {
    await setPolicy({ receipts: false });
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(new Error('Managed storage manifest not found'));
    expect((await mirrorManagedPolicy()).reading).toEqual({ policy: {}, ignored: [] });
    expect(await receiptsOn.getValue()).toBe(true);
  });

  it('tells a watcher when the policy changes what is in force, and not when it changes something else', async () => {
    await receiptsOn.setValue(true);
    const seen = vi.fn();
    const unwatch = receiptsOn.watch(seen);
    await setPolicy({ receipts: false });
    await vi.waitFor(() => expect(seen).toHaveBeenCalledWith(false, true));
    await setPolicy({ receipts: false, lockdown: false });
    await receiptsOn.setValue(true);
    await setPolicy({});
    await vi.waitFor(() => expect(seen).toHaveBeenLastCalledWith(true, false));
    unwatch();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('lets the background wait for the first answer when it has kept no copy yet (the first start after install)', async () => {
    await fakeBrowser.storage.managed.set({ expireAfterDaysMax: 5 });
    const answer = heldManagedRead();
    const writing = mirrorManagedPolicy();
    let read: PolicyReading | undefined;
    const reading = mirroredPolicy().then((policy) => (read = policy));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBeUndefined();
    answer.release();
    expect((await reading).policy).toEqual({ expireAfterDaysMax: 5 });
    await writing;
  });

  it('keeps a copy of no policy too, so that the next start has one', async () => {
    await mirrorManagedPolicy();
    expect(await fakeBrowser.storage.local.get('managedPolicy')).toEqual({ managedPolicy: { policy: {}, ignored: [] } });
  });

  it('goes by the kept copy while the browser has not answered, as Chrome does for seconds after it starts', async () => {
    await setPolicy({ expireAfterDaysMax: 5 });
    await fakeBrowser.storage.managed.set({ expireAfterDaysMax: 3 });
    const answer = heldManagedRead();
    const writing = mirrorManagedPolicy();
    expect((await mirroredPolicy()).policy).toEqual({ expireAfterDaysMax: 5 });
    answer.release();
    await writing;
    expect((await mirroredPolicy()).policy).toEqual({ expireAfterDaysMax: 3 });
  });
});

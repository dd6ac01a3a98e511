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
  instanceUrl,
  pushDefaults,
  receiptsOn,
} from '@/lib/settings';
import { limitsOf, managedDefaults, NO_LIMITS, withinLimits } from '@/lib/settings/in-force';
import type { ManagedPolicy } from '@/lib/settings/managed';
import { readPolicy } from '@/lib/settings/policy-check';
import { mirrorManagedPolicy, mirroredPolicy } from '@/lib/settings/policy-mirror';
import { readPopupStart } from '@/lib/settings/pwpush';
import { storage } from '@/lib/settings/storage-item';

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
    ['instanceUrl', 'http://pw.corp.example', undefined],
    ['instanceUrl', 'ftp://pw.corp.example', undefined],
    ['instanceUrl', 42, undefined],
    ['airportApiUrl', 'https://proxy.corp.example/swedavia', 'https://proxy.corp.example'],
    ['airportApiUrl', '', undefined],
    ['expireAfterDaysMax', 30, 30],
    ['expireAfterDaysMax', 1, 1],
    ['expireAfterDaysMax', 90, 90],
    ['expireAfterDaysMax', 91, undefined],
    ['expireAfterDaysMax', 0, undefined],
    ['expireAfterDaysMax', 7.5, undefined],
    ['expireAfterDaysMax', '30', undefined],
    ['expireAfterViewsMax', 100, 100],
    ['expireAfterViewsMax', 101, undefined],
    ['expireAfterDaysDefault', 3, 3],
    ['expireAfterViewsDefault', 1, 1],
    ['expireAfterViewsDefault', -1, undefined],
    ['recipientLanguageDefault', 'de', 'de'],
    ['recipientLanguageDefault', 'pt-BR', 'pt-BR'],
    ['recipientLanguageDefault', '', ''],
    ['recipientLanguageDefault', 'klingon', undefined],
    ['retrievalStepForced', true, true],
    ['retrievalStepForced', 'true', undefined],
    ['retrievalStepForced', 1, undefined],
    ['receipts', false, false],
    ['lockdown', false, false],
    ['airportPanel', false, false],
    ['airportPanel', null, undefined],
  ])('%s = %j → %j', (key, given, kept) => {
    const { policy, ignored } = readPolicy({ [key]: given });
    expect((policy as Record<string, unknown>)[key]).toEqual(kept);
    expect(ignored).toEqual(kept === undefined ? [key] : []);
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

  it('keeps the checked copy with the keys it ignored, and writes it only when it changed', async () => {
    await setPolicy({ instanceUrl: 'http://pw.corp.example', expireAfterDaysMax: 30 });
    expect(await getManagedPolicy()).toEqual({ policy: { expireAfterDaysMax: 30 }, ignored: ['instanceUrl'] });
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

  it('lets the background wait for the copy it is writing', async () => {
    await fakeBrowser.storage.managed.set({ expireAfterDaysMax: 5 });
    const writing = mirrorManagedPolicy();
    expect((await mirroredPolicy()).policy).toEqual({ expireAfterDaysMax: 5 });
    await writing;
  });
});

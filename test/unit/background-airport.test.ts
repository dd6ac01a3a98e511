import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { getManagedPolicy, managedPolicy } from '@/lib/settings';
import { mirroredPolicy } from '@/lib/settings/policy-mirror';

/**
 * Pushgate Airport's background (build/packages.mjs: the airport purpose alone) keeps the copy of the
 * organisation's policy its pages read (lib/settings/policy-mirror.ts), as the sharing background does.
 */

const PROXY = 'https://swedavia-proxy.corp.example';
const kept = async () => (await getManagedPolicy()).policy;

let panelBehavior: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubEnv('PUSHGATE_SHARE', '');
  vi.stubEnv('PUSHGATE_AIRPORT', 'true');
  panelBehavior = vi.fn(async () => undefined);
  Object.assign(fakeBrowser.sidePanel, { setPanelBehavior: panelBehavior });
  // An update also reads the version for What's new (lib/whats-new/update.ts).
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Pushgate Airport', version: '0.2.1' });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Pushgate Airport’s background and the organisation’s policy', () => {
  it('wires the side panel to the toolbar button, and nothing of sharing', () => {
    const menus = vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
    background.main();
    expect(panelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: true });
    expect(menus).not.toHaveBeenCalled();
  });

  it('copies the policy as soon as the worker runs: a worker woken by any event', async () => {
    await fakeBrowser.storage.managed.set({ airportApiUrl: PROXY, instanceUrl: 'https://pwpush.corp.example' });
    background.main();
    await vi.waitFor(async () => expect(await kept()).toEqual({ airportApiUrl: PROXY }));
  });

  it.each([
    ['installed', () => fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' })],
    ['updated', () => fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0' })],
    ['the browser starts', () => fakeBrowser.runtime.onStartup.trigger()],
  ])('reads it again when %s', async (_when, fire) => {
    background.main();
    await mirroredPolicy();
    // A copy that no longer says what the policy does (a profile restored, a policy edited while the
    // browser was closed) is written again from the policy.
    await managedPolicy.setValue({ policy: { airportApiUrl: 'https://old.corp.example' }, ignored: [] });
    await fire();
    await vi.waitFor(async () => expect(await kept()).toEqual({}));
  });

  it('follows a policy changed while the browser runs, and one taken away', async () => {
    background.main();
    await fakeBrowser.storage.managed.set({ airportApiUrl: PROXY });
    await vi.waitFor(async () => expect(await kept()).toEqual({ airportApiUrl: PROXY }));
    await fakeBrowser.storage.managed.set({ airportApiUrl: 'http://plain.corp.example' });
    await vi.waitFor(async () =>
      expect(await getManagedPolicy()).toEqual({
        policy: {},
        ignored: [{ key: 'airportApiUrl', reason: 'insecure', given: 'http://plain.corp.example' }],
      }),
    );
    await fakeBrowser.storage.managed.clear();
    await vi.waitFor(async () => expect(await getManagedPolicy()).toEqual({ policy: {}, ignored: [] }));
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { packageSchema } from '@/build/package-assets';
import { PACKAGE_IDS, PACKAGES, type PackageSpec } from '@/build/packages.mjs';
import { airportApiUrl, getManagedPolicy } from '@/lib/settings';
import type { ManagedPolicy } from '@/lib/settings/managed';
import { readPolicy } from '@/lib/settings/policy-check';
import { mirrorManagedPolicy } from '@/lib/settings/policy-mirror';

/**
 * Each package's policy (README.md, "For administrators"): the keys its schema offers an administrator
 * (build/package-assets.ts) are the keys its code reads (lib/settings/policy-check.ts), under the same
 * names in every package, so that one policy written for all three gives each only its own.
 */

const schemaText = readFileSync(resolve(__dirname, '../../../public/managed_schema.json'), 'utf8');
const schemaKeys = (text: string) => Object.keys((JSON.parse(text) as { properties: Record<string, unknown> }).properties);

/** A value that fits, for every key the policy has (the type makes it name them all). */
const EVERY_KEY: Required<ManagedPolicy> = {
  instanceUrl: 'https://pwpush.corp.example',
  airportApiUrl: 'https://swedavia-proxy.corp.example',
  expireAfterDaysMax: 7,
  expireAfterViewsMax: 5,
  retrievalStepForced: true,
  expireAfterDaysDefault: 3,
  expireAfterViewsDefault: 2,
  recipientLanguageDefault: 'sv',
  receipts: false,
  lockdown: false,
  airportPanel: false,
};

/** The code as `spec` builds it: its purposes' constants (wxt.config.ts), here as Vitest's env strings. */
function buildAs(spec: PackageSpec): void {
  vi.stubEnv('PUSHGATE_SHARE', spec.share ? 'true' : '');
  vi.stubEnv('PUSHGATE_AIRPORT', spec.airport ? 'true' : '');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the policy schema each package ships', () => {
  it('has, in public/managed_schema.json, every key the policy has', () => {
    expect(schemaKeys(schemaText).sort()).toEqual(Object.keys(EVERY_KEY).sort());
  });

  it.each([
    ['pushgate', Object.keys(EVERY_KEY)],
    [
      'share',
      [
        'instanceUrl',
        'expireAfterDaysMax',
        'expireAfterViewsMax',
        'retrievalStepForced',
        'expireAfterDaysDefault',
        'expireAfterViewsDefault',
        'recipientLanguageDefault',
        'receipts',
        'lockdown',
      ],
    ],
    // No airportPanel: in the package that is the panel it would switch off the whole extension.
    ['airport', ['airportApiUrl']],
  ] as const)('%s: only the keys of its purposes', (id, keys) => {
    expect(schemaKeys(packageSchema(PACKAGES[id], schemaText)).sort()).toEqual([...keys].sort());
  });

  it('is the combined package’s file as written, and the others’ keys with their titles and descriptions unchanged', () => {
    expect(packageSchema(PACKAGES.pushgate, schemaText)).toBe(schemaText);
    const whole = JSON.parse(schemaText) as { properties: Record<string, unknown> };
    const airport = JSON.parse(packageSchema(PACKAGES.airport, schemaText)) as { type: string; properties: Record<string, unknown> };
    expect(airport).toEqual({ type: 'object', properties: { airportApiUrl: whole.properties.airportApiUrl } });
  });

  it.each(PACKAGE_IDS)('%s: its code reads exactly the keys its schema offers, from a policy written for all three', (id) => {
    buildAs(PACKAGES[id]);
    const { policy, ignored } = readPolicy(EVERY_KEY);
    expect(Object.keys(policy).sort()).toEqual(schemaKeys(packageSchema(PACKAGES[id], schemaText)).sort());
    expect(ignored).toEqual([]);
  });
});

describe('Pushgate Airport reads its own keys of a policy (Firefox hands over all of it)', () => {
  async function mirrored(values: Record<string, unknown>) {
    buildAs(PACKAGES.airport);
    await fakeBrowser.storage.managed.set(values);
    await mirrorManagedPolicy();
    return getManagedPolicy();
  }

  it('keeps the airport API’s address as an origin, and leaves the sharing keys and airportPanel unread', async () => {
    const reading = await mirrored({ ...EVERY_KEY, airportApiUrl: 'https://swedavia-proxy.corp.example/api/' });
    expect(reading).toEqual({ policy: { airportApiUrl: 'https://swedavia-proxy.corp.example' }, ignored: [] });
    expect(await airportApiUrl.getValue()).toBe('https://swedavia-proxy.corp.example');
  });

  it('names only its own keys it had to ignore: not a sharing key another package would refuse', async () => {
    const reading = await mirrored({ airportApiUrl: 'http://swedavia-proxy.corp.example', instanceUrl: 42, airportPanel: 'off' });
    expect(reading).toEqual({
      policy: {},
      ignored: [{ key: 'airportApiUrl', reason: 'insecure', given: 'http://swedavia-proxy.corp.example' }],
    });
    expect(await airportApiUrl.getValue()).toBe('https://api.swedavia.se');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PackageId } from '../../build/packages.mjs';
import { extensionDir, packageOf, readManifest, variants, type Manifest, type Variant } from './builds';
import {
  testBuildGrants,
  forbidden,
  forbiddenKeys,
  optionalHosts,
  optionalPermissionsFor,
  permissionsFor,
  testBuildHosts,
} from './permissions';

const allVariants = Object.keys(variants) as Variant[];

const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();

/** Every string anywhere in the manifest (values, not keys). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function without(manifest: Manifest, key: string): Manifest {
  const { [key]: _dropped, ...rest } = manifest;
  return rest;
}

describe.each(allVariants)('%s build: nothing the project has not asked for on purpose', (variant) => {
  const manifest = readManifest(variant);
  const { browser, package: pkg } = variants[variant];

  const grantedForTests = variant === 'test' ? testBuildGrants : [];

  it('has exactly the permissions listed for its package, with reasons, in test/build/permissions.ts', () => {
    const expected = sorted([...permissionsFor(browser, pkg), ...grantedForTests]);
    const actual = sorted(manifest.permissions);
    const unlisted = actual.filter((name) => !expected.includes(name));
    const missing = expected.filter((name) => !actual.includes(name));
    expect(unlisted, 'permissions in the build but not listed in test/build/permissions.ts').toEqual([]);
    expect(missing, 'listed permissions the build no longer has: remove them from the list').toEqual([]);
  });

  it('asks for clipboardRead when it is needed, not at install (its warning: "Read data you copy and paste"), where it shares', () => {
    const expected = optionalPermissionsFor(browser, pkg).filter((name) => !grantedForTests.includes(name));
    expect(sorted(manifest.optional_permissions)).toEqual(expected);
    expect(expected.length + grantedForTests.length).toBe(packageOf(variant).share ? 1 : 0);
    if (variant !== 'test') expect(manifest.permissions).not.toContain('clipboardRead');
  });

  it('asks for optional hosts only one origin at a time: https and loopback', () => {
    expect(sorted(manifest.optional_host_permissions)).toEqual(sorted(Object.keys(optionalHosts)));
  });

  it('has no broad, surveillance or network-rewriting permission anywhere', () => {
    const everything = [
      ...(manifest.permissions ?? []),
      ...(manifest.host_permissions ?? []),
      ...(manifest.optional_permissions ?? []),
      ...(manifest.optional_host_permissions ?? []),
    ];
    expect(everything.filter((entry) => forbidden.includes(entry))).toEqual([]);
  });

  it('runs nothing in web pages and cannot be reached from them', () => {
    expect(forbiddenKeys.filter((key) => key in manifest)).toEqual([]);
    expect(JSON.stringify(manifest.content_security_policy ?? {})).not.toMatch(/unsafe-eval|https?:/);
  });

  it('has the push-selection keyboard command with its suggested key where it shares, and no command elsewhere', () => {
    if (!packageOf(variant).share) {
      expect(manifest.commands).toBeUndefined();
      return;
    }
    expect(manifest.commands).toMatchObject({
      'push-selection': { suggested_key: { default: 'Alt+Shift+P' }, description: '__MSG_commandPushSelection__' },
    });
  });

  it('has an English message for every __MSG_…__ it uses, in the catalogue it ships', () => {
    const messages = JSON.parse(readFileSync(path.join(extensionDir(variant), '_locales/en/messages.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const used = strings(manifest).flatMap((text) => [...text.matchAll(/__MSG_(\w+?)__/g)].map((match) => match[1]!));
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((key) => !(key in messages))).toEqual([]);
    expect(manifest.default_locale).toBe('en');
  });
});

describe('store build (Chrome)', () => {
  const manifest = readManifest('store');

  it('is granted no host at install: the options page asks for one origin at a time', () => {
    expect(manifest.host_permissions).toBeUndefined();
  });

  it('has the side panel and the service worker WXT generates for Chrome MV3, run as a module', () => {
    expect(manifest).toMatchObject({
      manifest_version: 3,
      side_panel: { default_path: 'sidepanel.html' },
      background: { service_worker: 'background.js', type: 'module' },
    });
  });

  // A classic bundle declared a module (wxt.config.ts, docs/performance.md rule 26): it must be one
  // self-contained file, since a module worker can neither `importScripts` nor reach a shared chunk.
  it.each(['store', 'share', 'airport'] as const)('%s: the background is one file that imports nothing', (variant) => {
    const code = readFileSync(path.join(extensionDir(variant), 'background.js'), 'utf8');
    expect(code).not.toMatch(/\bimportScripts\s*\(|^\s*import\s*[{*\w"'`]|\bexport\s*[{*]|\bimport\s*\(/m);
  });
});

describe('test build (Chrome, npm run build:test)', () => {
  const manifest = readManifest('test');

  it('grants exactly the two loopback hosts at install', () => {
    expect(sorted(manifest.host_permissions)).toEqual(sorted(Object.keys(testBuildHosts)));
  });

  it('grants clipboardRead at install: no one answers a permission prompt in the e2e suite or `npm start`', () => {
    expect(manifest.permissions).toEqual(expect.arrayContaining(testBuildGrants));
    expect(manifest.optional_permissions ?? []).not.toEqual(expect.arrayContaining(testBuildGrants));
  });

  it('differs from the store build in nothing else', () => {
    const store = readManifest('store');
    const strip = (m: Manifest) => without(without(without(m, 'host_permissions'), 'permissions'), 'optional_permissions');
    expect(strip(manifest)).toEqual(strip(store));
    expect(sorted(manifest.permissions)).toEqual(sorted([...(store.permissions ?? []), ...testBuildGrants]));
  });
});

describe('Firefox build (MV3)', () => {
  const manifest = readManifest('firefox');
  const gecko = (manifest.browser_specific_settings as { gecko?: Record<string, unknown> } | undefined)?.gecko;

  it('is granted no host at install', () => {
    expect(manifest.host_permissions).toBeUndefined();
  });

  it('carries the add-on id and declares, as required, the data it sends to the servers the person chose', () => {
    expect(gecko?.id).toBe('pushgate@pushgate.dev');
    // The reasoning, type by type, is in README.md (Firefox); none of it can be optional: pushing is the add-on's purpose.
    expect(gecko?.data_collection_permissions).toEqual({
      required: ['authenticationInfo', 'personalCommunications', 'websiteContent', 'browsingActivity'],
    });
  });

  it('requires a Firefox that has everything the manifest relies on', () => {
    const major = Number.parseInt(String(gecko?.strict_min_version), 10);
    expect(major, 'optional_host_permissions in MV3 needs Firefox 128').toBeGreaterThanOrEqual(128);
    expect(major, 'the data-collection declaration is shown from Firefox 140').toBeGreaterThanOrEqual(140);
  });

  it('gets a sidebar instead of a side panel, and an event page instead of a service worker', () => {
    expect(manifest.side_panel).toBeUndefined();
    expect(manifest.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' });
    expect(manifest.background).toEqual({ scripts: ['background.js'] });
    const built = extensionDir('firefox');
    expect(existsSync(path.join(built, 'sidepanel.html'))).toBe(true);
    expect(existsSync(path.join(built, 'background.js'))).toBe(true);
  });

  it('leaves the Chrome-only offscreen document out', () => {
    expect(existsSync(path.join(extensionDir('firefox'), 'offscreen.html'))).toBe(false);
    expect(existsSync(path.join(extensionDir('store'), 'offscreen.html'))).toBe(true);
  });
});

/** The manifest's keys and files that only a package with that purpose has (build/packages.mjs). */
function pages(variant: Variant): string[] {
  return ['popup.html', 'pushes.html', 'options.html', 'sidepanel.html', 'offscreen.html'].filter((page) =>
    existsSync(path.join(extensionDir(variant), page)),
  );
}

describe.each(['share', 'share-firefox'] as Variant[])('Pushgate Share (%s): sharing only', (variant) => {
  const manifest = readManifest(variant);
  const firefox = variants[variant].browser === 'firefox';

  it('has the popup, the Pushes page and the settings, and no side panel', () => {
    expect(pages(variant)).toEqual(
      firefox ? ['popup.html', 'pushes.html', 'options.html'] : ['popup.html', 'pushes.html', 'options.html', 'offscreen.html'],
    );
    expect(manifest.action).toEqual({ default_title: '__MSG_extName__', default_popup: 'popup.html' });
    expect(manifest.side_panel).toBeUndefined();
    expect(manifest.sidebar_action).toBeUndefined();
    expect(manifest.permissions).not.toContain('sidePanel');
  });

  it('is an add-on of its own in Firefox, declaring what sharing sends', () => {
    if (!firefox) return;
    const gecko = (manifest.browser_specific_settings as { gecko: Record<string, unknown> }).gecko;
    expect(gecko.id).toBe('pushgate-share@pushgate.dev');
    expect(gecko.data_collection_permissions).toEqual({
      required: ['authenticationInfo', 'personalCommunications', 'websiteContent', 'browsingActivity'],
    });
  });
});

describe.each(['airport', 'airport-firefox'] as Variant[])('Pushgate Airport (%s): the side panel only', (variant) => {
  const manifest = readManifest(variant);
  const firefox = variants[variant].browser === 'firefox';

  it('has the side panel and its settings, and no popup: the toolbar button opens the panel', () => {
    expect(pages(variant)).toEqual(['options.html', 'sidepanel.html']);
    expect(manifest.action).toEqual({ default_title: '__MSG_extName__' });
    if (firefox) expect(manifest.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' });
    else expect(manifest.side_panel).toEqual({ default_path: 'sidepanel.html' });
  });

  it("asks for storage, the queue watches' alarm, idle and notifications (and the side panel in Chrome) at install, and for hosts one origin at a time", () => {
    const watches = ['alarms', 'idle', 'notifications'];
    expect(sorted(manifest.permissions)).toEqual(sorted([...watches, 'storage', ...(firefox ? [] : ['sidePanel'])]));
    expect(manifest.optional_permissions).toBeUndefined();
    expect(manifest.host_permissions).toBeUndefined();
    expect(sorted(manifest.optional_host_permissions)).toEqual(sorted(Object.keys(optionalHosts)));
  });

  it('is an add-on of its own in Firefox, declaring only the subscription keys it may send', () => {
    if (!firefox) return;
    const gecko = (manifest.browser_specific_settings as { gecko: Record<string, unknown> }).gecko;
    expect(gecko.id).toBe('pushgate-airport@pushgate.dev');
    expect(gecko.data_collection_permissions).toEqual({ required: ['authenticationInfo'] });
  });
});

/**
 * The keys each package's policy schema offers an administrator (README.md, "For administrators"), under
 * the same names in every package: Password Pusher's where it shares, the airport API's address where it
 * shows airports, and the switch for the airport part only beside sharing.
 */
const SHARE_POLICY_KEYS = [
  'instanceUrl',
  'expireAfterDaysMax',
  'expireAfterViewsMax',
  'retrievalStepForced',
  'expireAfterDaysDefault',
  'expireAfterViewsDefault',
  'recipientLanguageDefault',
  'receipts',
  'lockdown',
];
const POLICY_KEYS: Record<PackageId, string[]> = {
  pushgate: [...SHARE_POLICY_KEYS, 'airportApiUrl', 'airportPanel'],
  share: SHARE_POLICY_KEYS,
  airport: ['airportApiUrl'],
};

describe.each(allVariants)('%s build: the settings an organisation sets', (variant) => {
  const manifest = readManifest(variant);
  const { browser, package: id } = variants[variant];

  it(
    browser === 'chrome'
      ? 'hands Chrome and Edge a policy schema with the keys of its purposes, each with a title, a description and a type'
      : 'declares no schema: Firefox reads policies.json without one',
    () => {
      if (browser !== 'chrome') {
        expect(manifest.storage).toBeUndefined();
        return;
      }
      expect(manifest.storage).toEqual({ managed_schema: 'managed_schema.json' });
      const schema = JSON.parse(readFileSync(path.join(extensionDir(variant), 'managed_schema.json'), 'utf8')) as {
        type: string;
        properties: Record<string, { title?: string; description?: string; type?: string }>;
      };
      expect(schema.type).toBe('object');
      expect(sorted(Object.keys(schema.properties))).toEqual(sorted(POLICY_KEYS[id]));
      for (const property of Object.values(schema.properties)) {
        expect(property).toMatchObject({ title: expect.any(String), description: expect.any(String), type: expect.any(String) });
      }
    },
  );
});

import { describe, expect, it } from 'vitest';
import { enabledKinds, getCapabilities, rememberRefusedKind } from '@/lib/share/capabilities';
import { capabilitiesCache } from '@/lib/settings';
import { refusedKinds } from '@/lib/settings/pwpush';
import type { VersionInfo } from '@/lib/pwpush/types';
import { makeVersionInfo, versionRecord } from '@/test/support/pwpush-fixtures';
import { recordingFetch } from '../pwpush/fixtures';

const BASE = 'https://pwpush.example';

const info = (features: Partial<VersionInfo['features']> = {}) => makeVersionInfo({ features });

describe('getCapabilities', () => {
  it('asks /version once, without a token, and then serves the cache', async () => {
    const { fetch, calls } = recordingFetch(200, versionRecord());
    const first = await getCapabilities(BASE, { fetch });
    const second = await getCapabilities(`${BASE}/`, { fetch });
    expect(first.ok && first.value.applicationVersion).toBe('2.11.4');
    expect(second).toEqual(first);
    expect(calls.map((c) => c.url)).toEqual([`${BASE}/api/v2/version`]);
    expect(calls[0]!.headers.has('authorization')).toBe(false);
    const stored = await capabilitiesCache.getValue();
    expect(Object.keys(stored)).toEqual([BASE]);
    expect(stored[BASE]!.info).toEqual(first.ok && first.value);
    expect(stored[BASE]!.checkedAt).toBeGreaterThan(0);
  });

  it('refresh asks again and stores the new answer', async () => {
    await getCapabilities(BASE, { fetch: recordingFetch(200, versionRecord()).fetch });
    const upgraded = versionRecord({ application_version: '2.12.0' });
    const { fetch, calls } = recordingFetch(200, upgraded);
    const result = await getCapabilities(BASE, { refresh: true, fetch });
    expect(calls).toHaveLength(1);
    expect(result.ok && result.value.applicationVersion).toBe('2.12.0');
    expect((await capabilitiesCache.getValue())[BASE]!.info.applicationVersion).toBe('2.12.0');
  });

  it('a failed refresh keeps the previous entry and reports the failure', async () => {
    await getCapabilities(BASE, { fetch: recordingFetch(200, versionRecord()).fetch });
    const before = await capabilitiesCache.getValue();
    const failed = await getCapabilities(BASE, { refresh: true, fetch: recordingFetch(500, 'oops').fetch });
    expect(failed).toMatchObject({ ok: false, error: { kind: 'server', status: 500 } });
    expect(await capabilitiesCache.getValue()).toEqual(before);
    expect(await getCapabilities(BASE, { fetch: recordingFetch(500, 'oops').fetch })).toMatchObject({ ok: true });
  });

  it('does not store a failure when nothing was cached', async () => {
    const html = recordingFetch(200, '<!DOCTYPE html><html>first run</html>', { 'content-type': 'text/html' });
    const result = await getCapabilities(BASE, { fetch: html.fetch });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unexpected', detail: 'html' } });
    expect(await capabilitiesCache.getValue()).toEqual({});
  });

  it('keeps one entry per origin', async () => {
    await getCapabilities(BASE, { fetch: recordingFetch(200, versionRecord()).fetch });
    await getCapabilities('http://127.0.0.1:5100', { fetch: recordingFetch(200, versionRecord({ edition: 'commercial' })).fetch });
    const stored = await capabilitiesCache.getValue();
    expect(Object.keys(stored).sort()).toEqual(['http://127.0.0.1:5100', BASE]);
    expect(stored['http://127.0.0.1:5100']!.info.edition).toBe('commercial');
    expect(stored[BASE]!.info.edition).toBe('oss');
  });

  it('shares one request between concurrent checks of one origin', async () => {
    const { fetch, calls } = recordingFetch(200, versionRecord());
    const [a, b] = await Promise.all([getCapabilities(BASE, { fetch }), getCapabilities(BASE, { refresh: true, fetch })]);
    expect(calls).toHaveLength(1);
    expect(a).toEqual(b);
  });
});

describe('enabledKinds', () => {
  it.each([
    ['everything on, with token', info(), true, ['text', 'url', 'qr', 'file']],
    ['everything on, no token: no files', info(), false, ['text', 'url', 'qr']],
    ['url and qr off', info({ urlPushes: false, qrPushes: false }), true, ['text', 'file']],
    ['file attachments off', info({ fileAttachments: { enabled: false, requiresAuthentication: true } }), true, ['text', 'url', 'qr']],
    ['pushes off', info({ pushesEnabled: false }), true, []],
  ] as const)('%s', (_label, version, hasToken, kinds) => {
    expect(enabledKinds(version, hasToken)).toEqual(kinds);
  });

  it('leaves out a kind refused this session, once, whatever /version says', async () => {
    await rememberRefusedKind(`${BASE}/`, 'url');
    await rememberRefusedKind(BASE, 'url');
    const refused = (await refusedKinds.getValue())[BASE]!;
    expect(refused).toEqual(['url']);
    expect(enabledKinds(info(), true, refused)).toEqual(['text', 'qr', 'file']);
  });
});

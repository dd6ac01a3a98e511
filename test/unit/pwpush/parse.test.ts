import { describe, expect, it } from 'vitest';
import { parseAuditLog, parsePreviewUrl, parsePush, parsePushList, parseRetrievedPush, parseVersion, toPage } from '@/lib/pwpush/parse';
import { listedPassphrase } from '@/lib/pwpush/listed-passphrases';
import { pushRecord } from '@/test/support/pwpush-fixtures';
import { auditBody, createdRecord, expiredRecord, retrievedRecord, version20, version21 } from './fixtures';

const shape = { ok: false, error: { kind: 'unexpected', detail: 'shape', status: 200 } };

describe('parsePush', () => {
  it('maps the created record to camelCase and keeps html_url exactly as returned', () => {
    const result = parsePush(createdRecord(), 201);
    expect(result).toEqual({
      ok: true,
      value: {
        urlToken: 'k3xq9w0lz2mfa',
        htmlUrl: 'https://pwpush.example/p/k3xq9w0lz2mfa/r',
        expired: false,
        expiredOn: null,
        deleted: false,
        expireAfterDays: 7,
        expireAfterViews: 5,
        daysRemaining: 7,
        viewsRemaining: 5,
        deletableByViewer: true,
        retrievalStep: true,
        createdAt: '2026-08-21T10:15:30.123Z',
        updatedAt: '2026-08-21T10:15:30.123Z',
        note: 'for the team',
        name: 'db',
      },
    });
  });

  it('never keeps the echoed passphrase', () => {
    const result = parsePush(createdRecord(), 201);
    expect(result.ok && 'passphrase' in result.value).toBe(false);
    expect(JSON.stringify(result)).not.toContain('hunter2-echo');
  });

  it.each([
    ['a URL push (deletable_by_viewer null)', { deletable_by_viewer: null }, { deletableByViewer: null }],
    [
      'a DELETE answer (deleted, expired)',
      { deleted: true, expired: true, expired_on: 'x' },
      { deleted: true, expired: true, expiredOn: 'x' },
    ],
    ['numbers sent as strings', { expire_after_days: '3' }, { expireAfterDays: 3 }],
    ['an html_url with a locale', { html_url: 'https://h/p/t?locale=fr' }, { htmlUrl: 'https://h/p/t?locale=fr' }],
    ['no retrieval step', { retrieval_step: false, html_url: 'https://h/p/t' }, { retrievalStep: false, htmlUrl: 'https://h/p/t' }],
  ])('reads %s', (_label, overrides, expected) => {
    const result = parsePush(pushRecord(overrides), 200);
    expect(result.ok && result.value).toMatchObject(expected);
  });

  it.each([
    ['an array', [pushRecord()]],
    ['null', null],
    ['a string', 'created'],
    ['no url_token', pushRecord({ url_token: undefined })],
    ['an empty url_token', pushRecord({ url_token: '' })],
    ['a numeric url_token', pushRecord({ url_token: 42 })],
    ['no html_url', pushRecord({ html_url: undefined })],
    ['a null html_url', pushRecord({ html_url: null })],
  ])('refuses %s as shape', (_label, body) => {
    expect(parsePush(body, 200)).toEqual(shape);
  });
});

describe('parseRetrievedPush', () => {
  it('reads the payload and drops the passphrase', () => {
    const result = parseRetrievedPush(retrievedRecord(), 200);
    expect(result.ok && result.value).toMatchObject({ payload: 'testpw', files: [], expired: false });
    expect(JSON.stringify(result)).not.toContain('hunter2-echo');
  });

  it('treats an expired push (200, payload null) as data', () => {
    const result = parseRetrievedPush(expiredRecord(), 200);
    expect(result).toMatchObject({ ok: true, value: { expired: true, payload: null, files: [] } });
  });

  it('maps file attachments', () => {
    const files = [{ filename: 'monkey.png', content_type: 'image/jpeg', url: 'https://h/pfb/blobs/redirect/x/monkey.png' }];
    const result = parseRetrievedPush(retrievedRecord({ payload: '', files }), 200);
    expect(result.ok && result.value.files).toEqual([
      { filename: 'monkey.png', contentType: 'image/jpeg', url: 'https://h/pfb/blobs/redirect/x/monkey.png' },
    ]);
  });

  it.each([
    ['files not an array', retrievedRecord({ files: 'monkey.png' })],
    ['a file without url', retrievedRecord({ files: [{ filename: 'a' }] })],
    ['no url_token', retrievedRecord({ url_token: null })],
  ])('refuses %s', (_label, body) => {
    expect(parseRetrievedPush(body, 200)).toEqual(shape);
  });
});

describe('parsePreviewUrl', () => {
  it.each([
    [{ url: 'https://pwpush.example/p/abc/r' }, { ok: true, value: 'https://pwpush.example/p/abc/r' }],
    [{ url: 'https://pwpush.example/p/abc' }, { ok: true, value: 'https://pwpush.example/p/abc' }],
    [{ html_url: 'https://pwpush.example/p/abc' }, shape],
    [{ url: 7 }, shape],
    [['https://pwpush.example/p/abc'], shape],
  ])('%j → %j', (body, expected) => {
    expect(parsePreviewUrl(body, 200)).toEqual(expected);
  });
});

describe('parsePushList', () => {
  it('reads a bare array and drops every passphrase', () => {
    const result = parsePushList([createdRecord(), pushRecord({ url_token: 'second', expired: true })], 200);
    expect(result.ok && result.value.map((p) => p.urlToken)).toEqual(['k3xq9w0lz2mfa', 'second']);
    expect(JSON.stringify(result)).not.toContain('hunter2-echo');
  });

  it('holds each listed passphrase beside its push, for this page only: never on the push itself', () => {
    const result = parsePushList([
      createdRecord(),
      pushRecord({ url_token: 'plain', passphrase: '' }),
      pushRecord({ url_token: 'old', passphrase: null }),
    ]);
    if (!result.ok) throw new Error('not parsed');
    expect(result.value.map(listedPassphrase)).toEqual(['hunter2-echo', '', null]);
    expect(result.value.map((push) => 'passphrase' in push)).toEqual([false, false, false]);
    expect(listedPassphrase(structuredClone(result.value[0]!))).toBeUndefined();
  });

  it('refuses an envelope object', () => {
    expect(parsePushList({ pushes: [pushRecord()] }, 200)).toEqual(shape);
  });

  it.each([
    ['an item without url_token', [pushRecord(), { html_url: 'https://h/p/x' }]],
    ['an item that is not an object', [pushRecord(), 'x']],
  ])('leaves out %s (test/unit/pwpush/url-token.test.ts)', (_label, body) => {
    const result = parsePushList(body, 200);
    expect(result.ok && result.value.map((push) => push.urlToken)).toEqual([pushRecord().url_token]);
  });

  it('accepts an empty page', () => {
    expect(parsePushList([], 200)).toEqual({ ok: true, value: [] });
  });
});

describe('parseAuditLog', () => {
  it("reads the logs, oldest first as given, keeping of the e-mail's record its status only", () => {
    const result = parseAuditLog(auditBody, 200);
    expect(result.ok && result.value).toEqual([
      { kind: 'creation', ip: '203.0.113.7', userAgent: 'Mozilla/5.0', referrer: '', createdAt: '2026-08-21T10:15:30.123Z' },
      {
        kind: 'view',
        ip: '198.51.100.2',
        userAgent: 'curl/8.5.0',
        referrer: 'https://chat.example/',
        createdAt: '2026-08-21T10:16:00.000Z',
      },
      {
        kind: 'creation_email_send',
        ip: '203.0.113.7',
        userAgent: '',
        referrer: '',
        createdAt: '2026-08-21T10:15:30.123Z',
        email: { status: 'pending' },
      },
    ]);
  });

  it.each([
    [
      { status: 'failed', error_message: 'SMTP refused', recipients: 'a@x.org' },
      { status: 'failed', errorMessage: 'SMTP refused' },
    ],
    [{ status: 'completed', error_message: '  ' }, { status: 'completed' }],
    [{ status: 7 }, {}],
    [null, {}],
  ])("reads the e-mail's record %j as %j", (notify, email) => {
    const entry = { ...auditBody.logs[2], notify_by_email: notify };
    const result = parseAuditLog({ logs: [entry] }, 200);
    expect(result.ok && result.value[0]!.email).toEqual(email);
  });

  it('reads the views of 2.3.0–2.8.2, which answer {"views": [...]} (docs/password-pusher.md#audit-log)', () => {
    expect(parseAuditLog({ views: auditBody.logs }, 200)).toEqual(parseAuditLog(auditBody, 200));
  });

  it.each([
    ['views not an array', { views: {} }],
    ['logs not an array', { logs: {} }],
    ['a bare array', auditBody.logs],
    ['an entry that is not an object', { logs: [null] }],
  ])('refuses %s', (_label, body) => {
    expect(parseAuditLog(body, 200)).toEqual(shape);
  });
});

describe('parseVersion', () => {
  it('reads API 2.1 features', () => {
    const result = parseVersion(version21, 200);
    expect(result).toEqual({
      ok: true,
      value: {
        applicationVersion: '2.11.4',
        apiVersion: '2.1',
        edition: 'oss',
        features: {
          anonymousAccess: true,
          apiTokenAuthentication: true,
          pushesEnabled: true,
          emailAutoDispatch: false,
          fileAttachments: { enabled: true, requiresAuthentication: true },
          urlPushes: true,
          qrPushes: false,
          accounts: false,
          requests: false,
        },
      },
    });
  });

  it('API 2.0 without features (before 2.5.4): URL, QR and file pushes on, as they were by default then', () => {
    const result = parseVersion(version20, 200);
    expect(result.ok && result.value).toEqual({
      applicationVersion: '2.4.2',
      apiVersion: '2.0',
      edition: 'oss',
      features: {
        anonymousAccess: true,
        apiTokenAuthentication: true,
        pushesEnabled: true,
        emailAutoDispatch: false,
        fileAttachments: { enabled: true, requiresAuthentication: true },
        urlPushes: true,
        qrPushes: true,
        accounts: false,
        requests: false,
      },
    });
  });

  it.each([
    ['anonymous access off', { anonymous_access: false }, { anonymousAccess: false }],
    ['pushes off', { pushes: { enabled: false } }, { pushesEnabled: false, urlPushes: false }],
    [
      'a features hash without the kinds',
      { pushes: { enabled: true } },
      { urlPushes: false, qrPushes: false, fileAttachments: { enabled: false, requiresAuthentication: true } },
    ],
    ['a commercial feature set', { accounts: { enabled: true }, requests: { enabled: true } }, { accounts: true, requests: true }],
  ])('reads %s', (_label, features, expected) => {
    const result = parseVersion({ ...version21, features: { ...version21.features, ...features } }, 200);
    expect(result.ok && result.value.features).toMatchObject(expected);
  });

  it('reads the commercial edition', () => {
    const result = parseVersion({ ...version21, edition: 'commercial' }, 200);
    expect(result.ok && result.value.edition).toBe('commercial');
  });

  it.each([
    ['no application_version', { api_version: '2.1' }],
    ['a numeric application_version', { application_version: 2 }],
    ['an array', [version21]],
    ['the Rails error JSON', { status: 404, error: 'Not Found' }],
  ])('refuses %s', (_label, body) => {
    expect(parseVersion(body, 200)).toEqual(shape);
  });
});

describe('toPage', () => {
  it.each([
    [{}, { perPage: 50 }],
    [
      { 'X-Per-Page': '25', 'X-Total': '120', 'X-Total-Pages': '5' },
      { perPage: 25, total: 120, totalPages: 5 },
    ],
    [
      { 'X-Total': '0', 'X-Total-Pages': '0' },
      { perPage: 50, total: 0, totalPages: 0 },
    ],
    [{ 'X-Per-Page': '0', 'X-Total': 'many', 'X-Total-Pages': '-1' }, { perPage: 50 }],
  ])('headers %j → %j', (headers, expected) => {
    const page = toPage(['a'], 3, new Headers(headers));
    expect(page).toEqual({ items: ['a'], page: 3, ...expected });
    expect(Object.keys(page)).toEqual(['items', 'page', ...Object.keys(expected)]);
  });
});

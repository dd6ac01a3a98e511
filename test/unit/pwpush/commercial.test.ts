import { describe, expect, it } from 'vitest';
import { listAccounts } from '@/lib/pwpush/accounts';
import { activePushes, auditLog, createPush, expiredPushes, expirePush, previewUrl, retrievePush, version } from '@/lib/pwpush/client';
import { offersAccounts, offersRequests } from '@/lib/pwpush/edition';
import { parseAccounts, parseRequestList, parseSecretRequest } from '@/lib/pwpush/parse-commercial';
import { closeRequest, createRequest, listRequests, requestLink } from '@/lib/pwpush/requests';
import type { ClientConfig } from '@/lib/pwpush/types';
import { makeVersionInfo, pushRecord } from '@/test/support/pwpush-fixtures';
import { recordingFetch, retrievedRecord, version21 } from './fixtures';

const BASE = 'https://pwpush.example';

/** `accountId` null: no account chosen. */
function setup(body: unknown, token = 'tok3n', accountId: string | null = '12', status = 200) {
  const fake = recordingFetch(status, body);
  const cfg: ClientConfig = { baseUrl: BASE, token, accountId: accountId ?? undefined, fetch: fake.fetch };
  return { cfg, calls: fake.calls };
}

const requestRecord = (overrides: Record<string, unknown> = {}) => ({
  url_token: 'rq1',
  html_url: `${BASE}/r/rq1`,
  request: 'Send me the VPN key',
  name: 'VPN',
  note: '',
  expire_after_duration: 12,
  expire_after_days: 7,
  days_remaining: 7,
  expire_after_views: 1,
  views_remaining: 1,
  retrieval_step: true,
  deletable_by_viewer: true,
  expired: false,
  expired_on: null,
  created_at: '2026-08-21T10:15:30.123Z',
  updated_at: '2026-08-21T10:15:30.123Z',
  responses: [],
  ...overrides,
});

describe('account_id goes where the commercial edition reads it (docs/password-pusher.md#accounts)', () => {
  it.each([
    ['the active list', (c: ClientConfig) => activePushes(c), '/api/v2/pushes/active?page=1&account_id=12', [pushRecord()]],
    ['the expired list', (c: ClientConfig) => expiredPushes(c, 3), '/api/v2/pushes/expired?page=3&account_id=12', []],
    ['the audit', (c: ClientConfig) => auditLog(c, 'tok'), '/api/v2/pushes/tok/audit?page=1&account_id=12', { logs: [] }],
    ['an expire', (c: ClientConfig) => expirePush(c, 'tok'), '/api/v2/pushes/tok?account_id=12', pushRecord()],
    ['the requests', (c: ClientConfig) => listRequests(c), '/api/v2/requests?page=1&account_id=12', []],
    [
      'a request’s link',
      (c: ClientConfig) => requestLink(c, 'rq1'),
      '/api/v2/requests/rq1/preview?account_id=12',
      { url: `${BASE}/r/rq1` },
    ],
    ['a close', (c: ClientConfig) => closeRequest(c, 'rq1'), '/api/v2/requests/rq1?account_id=12', requestRecord({ expired: true })],
  ])('in the query of %s', async (_, call, path, body) => {
    const { cfg, calls } = setup(body);
    expect((await call(cfg)).ok).toBe(true);
    expect(calls.map((c) => c.url)).toEqual([BASE + path]);
  });

  it.each([
    ['the version', (c: ClientConfig) => version(c), '/api/v2/version', version21],
    ['a retrieval', (c: ClientConfig) => retrievePush(c, 'tok'), '/api/v2/pushes/tok', retrievedRecord()],
    ['a preview', (c: ClientConfig) => previewUrl(c, 'tok'), '/api/v2/pushes/tok/preview', { url: `${BASE}/p/tok` }],
  ])('never on %s, which no account owns', async (_, call, path, body) => {
    const { cfg, calls } = setup(body);
    await call(cfg);
    expect(calls[0]!.url).toBe(BASE + path);
  });

  it('beside `push` in a create, not inside it', async () => {
    const { cfg, calls } = setup(pushRecord());
    await createPush(cfg, { kind: 'text', payload: 's' }, 'commercial');
    expect(calls[0]!.url).toBe(`${BASE}/api/v2/pushes`);
    const body = JSON.parse(String(calls[0]!.body));
    expect(body.account_id).toBe('12');
    expect(body.push).not.toHaveProperty('account_id');
  });

  it('as a field of a file push’s multipart body', async () => {
    const { cfg, calls } = setup(pushRecord());
    await createPush(cfg, { kind: 'file', payload: '', files: [new File(['x'], 'x.bin')] }, 'commercial');
    const form = calls[0]!.body as FormData;
    expect(form.get('account_id')).toBe('12');
  });

  it.each([
    ['without a token', '', '12'],
    ['with a blank token', '  ', '12'],
    ['without an account', 'tok3n', null],
    ['with a blank account', 'tok3n', ' '],
  ])('nowhere %s', async (_, token, accountId) => {
    const { cfg, calls } = setup([pushRecord()], token, accountId);
    await activePushes(cfg);
    await createPush({ ...cfg, fetch: recordingFetch(201, pushRecord()).fetch }, { kind: 'text', payload: 's' });
    expect(calls[0]!.url).toBe(`${BASE}/api/v2/pushes/active?page=1`);
  });

  it('escapes an id that is not a number', async () => {
    const { cfg, calls } = setup([], 'tok3n', 'a&b=c');
    await activePushes(cfg);
    expect(calls[0]!.url).toBe(`${BASE}/api/v2/pushes/active?page=1&account_id=a%26b%3Dc`);
  });
});

describe('listAccounts', () => {
  it('asks GET /accounts with the token, no account_id', async () => {
    const { cfg, calls } = setup([{ id: 11, name: 'Alice', role: 'owner' }]);
    const result = await listAccounts(cfg);
    expect(result).toEqual({ ok: true, value: [{ id: '11', name: 'Alice', role: 'owner' }] });
    expect(calls[0]!.url).toBe(`${BASE}/api/v2/accounts`);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok3n');
  });

  it('sends nothing without a token: the answer could only be a 401', async () => {
    const { cfg, calls } = setup([], '');
    expect(await listAccounts(cfg)).toEqual({ ok: false, error: { kind: 'unauthorized' } });
    expect(calls).toHaveLength(0);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [500, 'server'],
  ])('a %i is a typed %s failure', async (status, kind) => {
    const { cfg } = setup({ error: 'no' }, 'tok3n', null, status);
    const result = await listAccounts(cfg);
    expect(result.ok === false && result.error.kind).toBe(kind);
  });
});

describe('parseAccounts', () => {
  it.each([
    ['a bare array (the extension’s shape)', [{ id: 1, name: 'One', role: 'owner' }], [{ id: '1', name: 'One', role: 'owner' }]],
    ['{accounts: […]} (also read by pwpush-cli)', { accounts: [{ id: 2, name: 'Two' }] }, [{ id: '2', name: 'Two', role: '' }]],
    ['a string id, trimmed', [{ id: ' ab ', name: 'X' }], [{ id: 'ab', name: 'X', role: '' }]],
    ['no name: the id stands for it', [{ id: 3 }], [{ id: '3', name: '3', role: '' }]],
    ['items without an id left out', [{ name: 'none' }, null, 'x', { id: 4, name: 'Four' }], [{ id: '4', name: 'Four', role: '' }]],
    ['an empty list', [], []],
  ])('reads %s', (_, body, accounts) => {
    expect(parseAccounts(body, 200)).toEqual({ ok: true, value: accounts });
  });

  it.each([
    ['an object without accounts', { data: [] }],
    ['a string', 'accounts'],
    ['null', null],
  ])('refuses %s as a shape failure', (_, body) => {
    expect(parseAccounts(body, 200)).toEqual({ ok: false, error: { kind: 'unexpected', detail: 'shape', status: 200 } });
  });
});

describe('requests', () => {
  it('creates with the fields pwpush-cli sends, close_after_duration and account_id beside them', async () => {
    const { cfg, calls } = setup(requestRecord());
    const result = await createRequest(cfg, {
      text: 'Send me the VPN key',
      expireAfterDays: 3,
      expireAfterViews: 2,
      deletableByViewer: false,
      retrievalStep: true,
      name: 'VPN',
      note: 'ticket',
      emailTo: 'bob@example.com',
      emailLocale: 'sv',
    });
    expect(result.ok && result.value.htmlUrl).toBe(`${BASE}/r/rq1`);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `${BASE}/api/v2/requests`, method: 'POST' });
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      request: {
        request: 'Send me the VPN key',
        expire_after_duration: 8,
        close_after_duration: 8,
        expire_after_views: 2,
        deletable_by_viewer: false,
        retrieval_step: true,
        name: 'VPN',
        note: 'ticket',
        notify_emails_to: 'bob@example.com',
        notify_emails_to_locale: 'sv',
      },
      account_id: '12',
    });
  });

  it('sends only the text when nothing else is given, and no account without one', async () => {
    const { cfg, calls } = setup(requestRecord(), 'tok3n', null);
    await createRequest(cfg, { text: 'x' });
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ request: { request: 'x' } });
  });

  it('reads the link from the preview when the create answers none', async () => {
    const answers = [requestRecord({ html_url: undefined }), { url: `${BASE}/r/rq1` }];
    const calls: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify(answers.shift()), {
        status: calls.length === 1 ? 201 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch;
    const result = await createRequest({ baseUrl: BASE, token: 't', fetch }, { text: 'x' });
    expect(result.ok && result.value.htmlUrl).toBe(`${BASE}/r/rq1`);
    expect(calls).toEqual([`${BASE}/api/v2/requests`, `${BASE}/api/v2/requests/rq1/preview`]);
  });

  it('asks nothing without a token', async () => {
    const { cfg, calls } = setup(requestRecord(), '');
    expect(await createRequest(cfg, { text: 'x' })).toEqual({ ok: false, error: { kind: 'unauthorized' } });
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['', 'bad-request'],
    ['..', 'bad-request'],
  ])('refuses the token %j before sending', async (token, kind) => {
    const { cfg, calls } = setup({});
    expect(((await closeRequest(cfg, token)) as { error: { kind: string } }).error.kind).toBe(kind);
    expect(((await requestLink(cfg, token)) as { error: { kind: string } }).error.kind).toBe(kind);
    expect(calls).toHaveLength(0);
  });

  it('keeps a 422’s field messages', async () => {
    const { cfg } = setup({ request: ["can't be blank"] }, 'tok3n', '12', 422);
    const result = await createRequest(cfg, { text: ' ' });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'validation', fields: { request: ["can't be blank"] } }) });
  });
});

describe('parseSecretRequest and parseRequestList', () => {
  it('reads a request and its answers', () => {
    const answer = { url_token: 'p1', html_url: `${BASE}/p/p1`, created_at: '2026-08-21T11:00:00.000Z', expired: false };
    expect(parseSecretRequest(requestRecord({ responses: [answer], expired: true, views_remaining: 0 }), 200)).toEqual({
      ok: true,
      value: {
        urlToken: 'rq1',
        htmlUrl: `${BASE}/r/rq1`,
        text: 'Send me the VPN key',
        name: 'VPN',
        note: '',
        expired: true,
        expiredOn: null,
        createdAt: '2026-08-21T10:15:30.123Z',
        expireAfterDays: 7,
        daysRemaining: 7,
        expireAfterViews: 1,
        viewsRemaining: 0,
        answers: [{ urlToken: 'p1', htmlUrl: `${BASE}/p/p1`, createdAt: '2026-08-21T11:00:00.000Z', expired: false }],
      },
    });
  });

  it.each([
    ['no url_token', requestRecord({ url_token: undefined })],
    ['responses not a list', requestRecord({ responses: 'x' })],
    ['an array', []],
  ])('refuses %s', (_, body) => {
    expect(parseSecretRequest(body, 201).ok).toBe(false);
  });

  it('leaves out an answer without a token', () => {
    const read = parseSecretRequest(requestRecord({ responses: [{ html_url: 'x' }] }), 201);
    expect(read.ok && read.value.answers).toEqual([]);
  });

  it('reads a page, and refuses one longer than 50', () => {
    expect(parseRequestList([requestRecord(), requestRecord({ url_token: 'rq2' })], 200).ok).toBe(true);
    const overfull = parseRequestList(
      Array.from({ length: 51 }, (_, i) => requestRecord({ url_token: `r${i}` })),
      200,
    );
    expect(overfull).toEqual({ ok: false, error: { kind: 'too-large', status: 200, limitItems: 50 } });
  });
});

describe('offersAccounts and offersRequests (pwpush-cli’s rules)', () => {
  const commercial = (apiVersion: string, accounts: boolean, requests: boolean, edition = 'commercial') =>
    makeVersionInfo({ apiVersion, edition, features: { ...makeVersionInfo().features, accounts, requests } });

  it.each([
    ['a commercial 2.1 with both', commercial('2.1', true, true), true, true],
    ['"2.1.0" as pwpush-cli’s tests give it', commercial('2.1.0', true, true), true, true],
    ['a later API', commercial('3.0', true, true), true, true],
    ['API 2.0 (no features then)', commercial('2.0', true, true), false, false],
    ['an unreadable API version', commercial('', true, true), false, false],
    ['flags off', commercial('2.1', false, false), false, false],
    ['requests on an edition that is not commercial', commercial('2.1', true, true, 'oss'), true, false],
    ['OSS as it answers', makeVersionInfo(), false, false],
    ['nothing known', undefined, false, false],
  ])('%s', (_, info, accounts, requests) => {
    expect(offersAccounts(info)).toBe(accounts);
    expect(offersRequests(info)).toBe(requests);
  });
});

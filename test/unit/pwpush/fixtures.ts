/** Answers shaped like Password Pusher 2.11.4 (docs/password-pusher.md), for parser and request tests. */
import { CREATED_AT, pushRecord, versionRecord } from '@/test/support/pwpush-fixtures';

export const createdRecord = () => pushRecord({ note: 'for the team', name: 'db' });

export const retrievedRecord = (overrides: Record<string, unknown> = {}) => pushRecord({ payload: 'testpw', files: [], ...overrides });

export const expiredRecord = () =>
  retrievedRecord({ expired: true, expired_on: CREATED_AT, passphrase: null, views_remaining: 0, payload: null });

/**
 * The version body (docs/password-pusher.md#version-and-features) with QR pushes off, so the
 * parser is seen reading a disabled kind too.
 */
export const version21 = versionRecord({ features: { pushes: { qr_code_pushes: { enabled: false } } } });

export const version20 = { application_version: '2.4.2', api_version: '2.0', edition: 'oss' };

export const auditBody = {
  logs: [
    { ip: '203.0.113.7', user_agent: 'Mozilla/5.0', referrer: '', kind: 'creation', created_at: CREATED_AT, updated_at: CREATED_AT },
    {
      ip: '198.51.100.2',
      user_agent: 'curl/8.5.0',
      referrer: 'https://chat.example/',
      kind: 'view',
      created_at: '2026-08-21T10:16:00.000Z',
      updated_at: '2026-08-21T10:16:00.000Z',
    },
    {
      ip: '203.0.113.7',
      user_agent: '',
      referrer: '',
      kind: 'creation_email_send',
      created_at: CREATED_AT,
      updated_at: CREATED_AT,
      notify_by_email: { recipients: 'one@example.com', locale: 'en', status: 'pending' },
    },
  ],
};

export interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  body: RequestInit['body'];
}

/**
 * A fetch that records what it was asked and answers with `reply`. Each answer is a fresh
 * Response so one fake can serve several calls.
 */
export function recordingFetch(status = 200, body: unknown = {}, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const calls: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      credentials: init.credentials,
      cache: init.cache,
      body: init.body,
    });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

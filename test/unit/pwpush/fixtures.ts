/** Answers shaped like Password Pusher 2.11.4 (reference §3, §4), for parser and request tests. */

const stamp = '2026-08-21T10:15:30.123Z';

/** The common push record, `passphrase` echoed in plaintext as the server does. */
export const pushRecord = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  expire_after_views: 5,
  expired: false,
  url_token: 'k3xq9w0lz2mfa',
  deletable_by_viewer: true,
  retrieval_step: true,
  expired_on: null,
  passphrase: 'hunter2-echo',
  created_at: stamp,
  updated_at: stamp,
  expire_after_days: 7,
  days_remaining: 7,
  views_remaining: 5,
  deleted: false,
  json_url: 'https://pwpush.example/p/k3xq9w0lz2mfa/r.json',
  html_url: 'https://pwpush.example/p/k3xq9w0lz2mfa/r',
  ...overrides,
});

export const createdRecord = () => pushRecord({ note: 'for the team', name: 'db' });

export const retrievedRecord = (overrides: Record<string, unknown> = {}) =>
  pushRecord({ payload: 'testpw', files: [], ...overrides });

export const expiredRecord = () =>
  retrievedRecord({ expired: true, expired_on: stamp, passphrase: null, views_remaining: 0, payload: null });

export const version21 = {
  application_version: '2.11.4',
  api_version: '2.1',
  edition: 'oss',
  features: {
    anonymous_access: true,
    api_token_authentication: true,
    accounts: { enabled: false },
    pushes: {
      enabled: true,
      email_auto_dispatch: false,
      file_attachments: { enabled: true, requires_authentication: true },
      url_pushes: { enabled: true },
      qr_code_pushes: { enabled: false },
    },
    requests: { enabled: false },
  },
};

export const version20 = { application_version: '2.4.2', api_version: '2.0', edition: 'oss' };

export const auditBody = {
  logs: [
    { ip: '203.0.113.7', user_agent: 'Mozilla/5.0', referrer: '', kind: 'creation', created_at: stamp, updated_at: stamp },
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
      created_at: stamp,
      updated_at: stamp,
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
export function recordingFetch(
  status = 200,
  body: unknown = {},
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
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

import type { PwpushServer, StoredPush } from './server.mjs';

export const ALICE = 'alice-token-0123456789';
export const BOB = 'bob-token-0123456789ab';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when it is empty or not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary answers field by field; a wrong shape fails their assertions, and `unknown` would need a cast at each of some sixty reads.
  json: any;
}

export interface CallInit {
  method?: string;
  token?: string;
  /** Sent as the JSON body with Content-Type application/json. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** One request to the server; `token` becomes `Authorization: Bearer <token>`. */
export async function call(server: PwpushServer, path: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: 'manual',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A push as the API answers its creation: the stored record without what only the server knows. */
export type CreatedPush = Omit<StoredPush, 'kind' | 'payload' | 'owner' | 'files' | 'audit'>;

/** Creates a push (JSON body) and returns the 201 record; fails loudly otherwise. */
export async function create(server: PwpushServer, push: Record<string, unknown>, token?: string): Promise<CreatedPush> {
  const answer = await call(server, '/api/v2/pushes', { method: 'POST', token, json: { push } });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`);
  return answer.json;
}

/** A clock the tests move by hand. */
export function manualClock(start = Date.UTC(2026, 7, 21, 10, 15, 30, 123)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export const DAY = 86_400_000;

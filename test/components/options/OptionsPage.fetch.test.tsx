import { waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { capabilitiesCache } from '@/lib/settings';
import { versionRecord } from '@/test/support/pwpush-fixtures';
import { controls, fillAndSave, openOptions, stubPermissions } from './support';

/**
 * The page with the real client and capabilities modules, only `fetch` stubbed: checks that the
 * options page and the client agree on requests and answers
 * (docs/password-pusher.md#version-and-features, #auth-gate).
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (url: URL, init: RequestInit) => Response;
let fetchMock: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;

function serve(routes: Record<string, Route>) {
  fetchMock = vi.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input);
    const route = routes[url.pathname];
    if (!route) return new Response('<!doctype html><title>Not found</title>', { status: 404, headers: { 'content-type': 'text/html' } });
    return route(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
}

const authorization = (init: RequestInit) => new Headers(init.headers).get('authorization');

beforeEach(() => {
  stubPermissions();
  return () => vi.unstubAllGlobals();
});

describe('options page against a stubbed instance', () => {
  it('validates the token where a token is required, never with /version', async () => {
    serve({
      '/api/v2/version': () => json(versionRecord()),
      '/api/v2/pushes/active': (_, init) => (authorization(init) === 'Bearer good' ? json([]) : json({ error: 'Not authorized' }, 401)),
    });
    await openOptions();
    fillAndSave('https://pwpush.example/', 'good');

    await waitFor(() => expect(controls.status().textContent).toContain('Token accepted'));
    const calls = fetchMock.mock.calls.map(([url, init]) => [new URL(url).pathname, authorization(init)]);
    expect(calls).toEqual([
      ['/api/v2/version', null],
      ['/api/v2/pushes/active', 'Bearer good'],
    ]);
    for (const [, init] of fetchMock.mock.calls) expect(init.credentials).toBe('omit');
    expect(Object.keys(await capabilitiesCache.getValue())).toEqual(['https://pwpush.example']);
  });

  it('reports a rejected token', async () => {
    serve({
      '/api/v2/version': () => json(versionRecord()),
      '/api/v2/pushes/active': () => json({ error: 'Not authorized' }, 401),
    });
    await openOptions();
    fillAndSave('https://pwpush.example', 'wrong');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/rejected the API token/));
  });

  it('explains the first-run page of a fresh instance', async () => {
    serve({
      '/api/v2/version': () =>
        new Response('<!DOCTYPE html><html><body>Create the first admin account</body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        }),
    });
    await openOptions();
    fillAndSave('https://pwpush.example', 'tok');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/first-run setup/));
    expect(controls.url().value).toBe('https://pwpush.example');
    expect(controls.token().value).toBe('tok');
  });

  it('explains an unreachable instance', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await openOptions();
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/could not be reached/));
  });
});

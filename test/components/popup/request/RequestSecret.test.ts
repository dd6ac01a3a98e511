import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountChoices, capabilitiesCache } from '@/lib/settings';
import { watchedRequests } from '@/lib/receipts/request-watch';
import { BASE_URL, configure, openPopupPage, stubClipboard, versionInfo } from '../fixtures';

/**
 * "Request a secret" in the popup (docs/password-pusher.md#requests-request-a-secret): offered only
 * where `/version` says requests and a token is saved, made with pwpush-cli's fields in the chosen
 * account, its link checked and copied, watched for its answer. Only `fetch` is stubbed.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const COMMERCIAL = versionInfo({ accounts: true, requests: true });

function requestRecord(overrides: Record<string, unknown> = {}) {
  return {
    url_token: 'rq1',
    html_url: `${BASE_URL}/r/rq1`,
    request: 'The VPN key',
    name: '',
    note: '',
    expire_after_days: 3,
    days_remaining: 3,
    expire_after_views: 1,
    views_remaining: 1,
    expired: false,
    expired_on: null,
    created_at: '2026-08-21T10:15:30.123Z',
    responses: [],
    ...overrides,
  };
}

let bodies: unknown[];
function serve(answer: () => Response) {
  bodies = [];
  const fetch = vi.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input);
    if (url.pathname === '/api/v2/requests' && init.method === 'POST') {
      bodies.push(JSON.parse(String(init.body)));
      return answer();
    }
    return json({ status: 404, error: 'Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function openWith(info = COMMERCIAL, token = 'api-token') {
  await configure(token, { expireAfterDays: 3 });
  await capabilitiesCache.setValue({ [BASE_URL]: { info: { ...info, edition: 'commercial' }, checkedAt: Date.now() } });
  await openPopupPage();
}

/** The menu's button, hidden or not (a role query finds no hidden element). */
const entry = () => document.getElementById('open-request') as HTMLButtonElement | null;

beforeEach(() => {
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
  return () => vi.unstubAllGlobals();
});

describe('where it is offered', () => {
  it('on a commercial instance that takes requests, with a token', async () => {
    await openWith();
    await waitFor(() => expect(entry()?.hidden).toBe(false));
  });

  it.each([
    ['an instance without requests', versionInfo({ accounts: true, requests: false }), 'api-token'],
    ['no token', COMMERCIAL, ''],
  ])('not on %s', async (_, info, token) => {
    await openWith(info, token);
    await screen.findByRole('button', { name: 'Push' });
    // The capabilities are applied in the same turn as the kinds: the kinds' radios show them applied.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(entry()?.hidden).toBe(true);
  });
});

describe('making a request', () => {
  it('sends what was asked with the defaults, in the chosen account, and shows the link to copy', async () => {
    await accountChoices.setValue({ [BASE_URL]: { id: '12', name: 'Acme Security' } });
    serve(() => json(requestRecord(), 201));
    const clipboard = stubClipboard();
    await openWith();
    await waitFor(() => expect(entry()?.hidden).toBe(false));
    fireEvent.click(entry()!);

    const view = await screen.findByRole('region', { name: 'Request a secret' });
    // Server text is isolated where it is said (lib/short-text.ts).
    expect(within(view).getByText('Made in the account “\u2068Acme Security\u2069”.')).toBeTruthy();
    fireEvent.input(within(view).getByRole('textbox', { name: 'What do you ask for?' }), { target: { value: 'The VPN key' } });
    fireEvent.input(within(view).getByRole('spinbutton', { name: 'Answers taken' }), { target: { value: '2' } });
    fireEvent.input(within(view).getByRole('textbox', { name: 'Name' }), { target: { value: 'VPN' } });
    fireEvent.click(within(view).getByRole('button', { name: 'Create request link' }));

    await within(view).findByText(`${BASE_URL}/r/rq1`);
    expect(bodies).toEqual([
      {
        request: {
          request: 'The VPN key',
          expire_after_duration: 8,
          close_after_duration: 8,
          expire_after_views: 2,
          deletable_by_viewer: true,
          retrieval_step: true,
          name: 'VPN',
        },
        account_id: '12',
      },
    ]);
    fireEvent.click(within(view).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(clipboard).toHaveBeenCalledWith(`${BASE_URL}/r/rq1`));
    expect(await watchedRequests.getValue()).toEqual([
      { baseUrl: BASE_URL, accountId: '12', urlToken: 'rq1', label: 'The VPN key', createdAt: '2026-08-21T10:15:30.123Z', answersSeen: 0 },
    ]);
  });

  it('sends nothing without a text, and says what is missing at the field', async () => {
    const fetch = serve(() => json(requestRecord(), 201));
    await openWith();
    await waitFor(() => expect(entry()?.hidden).toBe(false));
    fireEvent.click(entry()!);
    const view = await screen.findByRole('region', { name: 'Request a secret' });
    fireEvent.click(within(view).getByRole('button', { name: 'Create request link' }));
    const text = within(view).getByRole('textbox', { name: 'What do you ask for?' });
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    expect(within(view).getByText('Type what you ask for.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the instance refused the chosen account, with its words, and keeps what was typed', async () => {
    await accountChoices.setValue({ [BASE_URL]: { id: '21', name: 'Old team' } });
    serve(() => json({ error: 'You do not have access to this account.' }, 403));
    await openWith();
    await waitFor(() => expect(entry()?.hidden).toBe(false));
    fireEvent.click(entry()!);
    const view = await screen.findByRole('region', { name: 'Request a secret' });
    const text = within(view).getByRole('textbox', { name: 'What do you ask for?' }) as HTMLTextAreaElement;
    fireEvent.input(text, { target: { value: 'The VPN key' } });
    fireEvent.click(within(view).getByRole('button', { name: 'Create request link' }));
    const alert = await within(view).findByRole('alert');
    expect(alert.textContent).toContain('The instance refused the account “\u2068Old team\u2069” for this API token');
    expect(alert.textContent).toContain('You do not have access to this account.');
    expect(within(alert).getByRole('button', { name: 'Open settings' })).toBeTruthy();
    expect(text.value).toBe('The VPN key');
    expect(await watchedRequests.getValue()).toEqual([]);
  });

  it('refuses a link to another host and shows nothing to copy', async () => {
    serve(() => json(requestRecord({ html_url: 'https://evil.example/r/rq1' }), 201));
    await openWith();
    await waitFor(() => expect(entry()?.hidden).toBe(false));
    fireEvent.click(entry()!);
    const view = await screen.findByRole('region', { name: 'Request a secret' });
    fireEvent.input(within(view).getByRole('textbox', { name: 'What do you ask for?' }), { target: { value: 'x' } });
    fireEvent.click(within(view).getByRole('button', { name: 'Create request link' }));
    await within(view).findByRole('alert');
    expect(within(view).queryByRole('button', { name: 'Copy link' })).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { accountChoices, capabilitiesCache } from '@/lib/settings';
import { makeVersionInfo, pushRecord } from '@/test/support/pwpush-fixtures';
import { BASE_URL, configure } from './fixtures';

vi.setConfig({ testTimeout: 15_000 });

/**
 * The Pushes page on a commercial instance (docs/password-pusher.md#commercial-edition), the real
 * client over a stubbed fetch: it names the account it shows and asks for that account's lists, and
 * where the instance takes requests it lists them with their answers.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const answerRecord = { url_token: 'ans1', html_url: `${BASE_URL}/p/ans1`, created_at: '2026-08-21T11:00:00.000Z', expired: false };
const requestRecord = (overrides: Record<string, unknown> = {}) => ({
  url_token: 'rq1',
  html_url: `${BASE_URL}/r/rq1`,
  request: 'The <b>VPN</b> key',
  name: '',
  note: '',
  expire_after_days: 7,
  days_remaining: 7,
  expire_after_views: 1,
  views_remaining: 0,
  expired: true,
  expired_on: '2026-08-21T11:00:00.000Z',
  created_at: '2026-08-21T10:15:30.123Z',
  responses: [answerRecord],
  ...overrides,
});

function stubFetch(answer: (url: URL, init: RequestInit) => Response) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => answer(new URL(String(input)), init));
  vi.stubGlobal('fetch', spy);
  return spy;
}

async function commercial(requests = true) {
  await configure();
  await accountChoices.setValue({ [BASE_URL]: { id: '12', name: 'Acme Security' } });
  await capabilitiesCache.setValue({
    [BASE_URL]: {
      info: makeVersionInfo({ edition: 'commercial', features: { accounts: true, requests } }),
      checkedAt: Date.now(),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the chosen account', () => {
  it('is named at the top, and the Active list is asked for in it', async () => {
    await commercial(false);
    const spy = stubFetch((url) =>
      url.pathname.endsWith('/active') ? json([pushRecord({ url_token: 'teamtok', name: 'Team push' })]) : json([]),
    );
    render(<PushesApp />);
    // The account's name is server text, isolated where it is said (lib/short-text.ts).
    await screen.findByText('In the account “\u2068Acme Security\u2069” (chosen in the settings)');
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    await screen.findByText('Team push');
    const urls = spy.mock.calls.map(([url]) => String(url));
    expect(urls).toContain(`${BASE_URL}/api/v2/pushes/active?page=1&account_id=12`);
    expect(urls.every((url) => !url.includes('/api/v2/pushes/active') || url.includes('account_id=12'))).toBe(true);
  });

  it('refused by the instance (no longer the token’s), is named with the way back to the settings, not taken for two-factor', async () => {
    await commercial(false);
    stubFetch((url) => (url.pathname.endsWith('/active') ? json({ error: 'You do not have access to this account.' }, 403) : json([])));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    await screen.findByText(/The instance refused the account “\u2068Acme Security\u2069” for this API token/);
    expect(screen.queryByText(/two-factor/)).toBeNull();
  });

  it('is not named, and nothing of requests shows, on an OSS instance', async () => {
    await configure();
    await capabilitiesCache.setValue({ [BASE_URL]: { info: makeVersionInfo(), checkedAt: Date.now() } });
    const spy = stubFetch(() => json([]));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.queryByText(/In the account/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Requests' })).toBeNull();
    expect(spy.mock.calls.some(([url]) => String(url).includes('/requests') || String(url).includes('account_id'))).toBe(false);
  });
});

describe('requests and their answers', () => {
  it('lists the account’s requests, shows an answer as its owner and hides it again', async () => {
    await commercial();
    const spy = stubFetch((url) => {
      if (url.pathname === '/api/v2/requests') return json([requestRecord()]);
      if (url.pathname === '/api/v2/pushes/ans1') return json(pushRecord({ url_token: 'ans1', payload: 'vpn-key-123', files: [] }));
      return json([]);
    });
    render(<PushesApp />);
    const section = await screen.findByRole('region', { name: 'Requests' });
    // Server text is text: the markup in the request is shown, not made.
    await within(section).findByText('\u2068The <b>VPN</b> key\u2069');
    expect(within(section).getByText(/· Closed, 1 answer received$/)).toBeTruthy();
    expect(spy.mock.calls.map(([url]) => String(url))).toContain(`${BASE_URL}/api/v2/requests?page=1&account_id=12`);

    fireEvent.click(within(section).getByRole('button', { name: 'Show answer' }));
    const secret = (await within(section).findByRole('textbox', { name: /^The answer received / })) as HTMLTextAreaElement;
    expect(secret.value).toBe('vpn-key-123');
    const read = spy.mock.calls.find(([url]) => String(url).includes('/pushes/ans1'))!;
    expect(String(read[0])).toBe(`${BASE_URL}/api/v2/pushes/ans1`);
    fireEvent.click(within(section).getByRole('button', { name: 'Hide answer' }));
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('offers an open request’s link and closes it', async () => {
    await commercial();
    let closed = false;
    const spy = stubFetch((url, init) => {
      if (url.pathname === '/api/v2/requests/rq1' && init.method === 'DELETE') {
        closed = true;
        return json(requestRecord({ expired: true, responses: [] }));
      }
      if (url.pathname === '/api/v2/requests') return json([requestRecord({ expired: closed, views_remaining: 1, responses: [] })]);
      return json([]);
    });
    render(<PushesApp />);
    const section = await screen.findByRole('region', { name: 'Requests' });
    await within(section).findByText(`${BASE_URL}/r/rq1`);
    expect(within(section).getByText(/Open for 7 days more, takes 1 answer more \(0 answers received\)/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Close request' }));
    await within(section).findByText(/· Closed, 0 answers received$/);
    expect(
      spy.mock.calls.some(([url, init]) => String(url) === `${BASE_URL}/api/v2/requests/rq1?account_id=12` && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('says the account was refused when the requests cannot be listed in it', async () => {
    await commercial();
    stubFetch((url) => (url.pathname === '/api/v2/requests' ? json({ error: 'You do not have access to this account.' }, 403) : json([])));
    render(<PushesApp />);
    const section = await screen.findByRole('region', { name: 'Requests' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('The instance refused the account “\u2068Acme Security\u2069” for this API token');
    expect(alert.textContent).toContain('You do not have access to this account.');
  });
});

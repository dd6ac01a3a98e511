import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { pushRecord } from '@/test/support/pwpush-fixtures';
import { BASE_URL, configure, makePush, seedHistory } from './fixtures';

// Tables of 50 rows render for a few seconds on a loaded machine (2 cores, many runs at once).
vi.setConfig({ testTimeout: 15_000 });

// The real client over a stubbed fetch: the pagination headers and the wire format as the
// server sends them (docs/password-pusher.md#lists).

/** A list item as the server sends it (docs/password-pusher.md#push-json): name and note included. */
const serverPush = (token: string, name: string) => pushRecord({ url_token: token, note: '', name });

function stubFetch(answer: (url: URL) => Response | Promise<Response>) {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input))));
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

describe('the Active list over the wire', () => {
  it('reads "Page 1 of 2" from X-Total-Pages and asks for page 2 with the token', async () => {
    await configure();
    const fetchSpy = stubFetch((url) =>
      json(
        url.searchParams.get('page') === '2'
          ? [serverPush('p2tok', 'Second page')]
          : Array.from({ length: 50 }, (_, i) => serverPush(`tok${i}`, `Push ${i}`)),
        { 'X-Page': url.searchParams.get('page')!, 'X-Per-Page': '50', 'X-Total': '51', 'X-Total-Pages': '2' },
      ),
    );
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    await screen.findByText('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 2');
    screen.getByText('Second page');
    const [url, init] = fetchSpy.mock.calls.at(-1)! as unknown as [string, RequestInit];
    expect(url).toBe(`${BASE_URL}/api/v2/pushes/active?page=2`);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer api-token');
  });

  it('works without the headers (servers up to 2.11.4)', async () => {
    await configure();
    stubFetch(() => json(Array.from({ length: 50 }, (_, i) => serverPush(`tok${i}`, `Push ${i}`))));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    await screen.findByText('Page 1');
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('false');
  });

  it('an unreachable instance leaves the history in place', async () => {
    await configure();
    await seedHistory([makePush({ name: 'Still listed' })]);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<PushesApp />);
    await screen.findByText('Still listed');
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    expect((await within(screen.getByRole('tabpanel')).findByRole('alert')).textContent).toMatch(/could not be reached/);
    fireEvent.click(screen.getByRole('tab', { name: 'This browser' }));
    await waitFor(() => within(screen.getByRole('tabpanel')).getByText('Still listed'));
    // Checking the states on opening failed the same way, and says so above the lists.
    const pageAlert = await waitFor(() => {
      const alerts = screen.getAllByRole('alert').filter((alert) => !alert.closest('[role="tabpanel"]'));
      expect(alerts).toHaveLength(1);
      return alerts[0]!;
    });
    expect(pageAlert.textContent).toMatch(/could not be reached/);
  });
});

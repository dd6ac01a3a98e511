import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { fail, ok } from '@/lib/result';
import type { Page, Push, PushResult } from '@/lib/pwpush/types';
import { answerListsEmpty, configure, makePage, makePush, seedHistory, stubClipboard, pwpush } from './fixtures';

const { activePushes, auditLog, expirePush } = pwpush;

// Tables of 50 rows render for a few seconds on a loaded machine (2 cores, many runs at once).
vi.setConfig({ testTimeout: 20_000 });

const active = activePushes;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const panel = () => screen.getByRole('tabpanel');
const rows = () => within(panel()).queryAllByRole('row').slice(1);
const names = () => rows().map((row) => within(row).getByRole('rowheader').textContent!.split('Token')[0]);
const filter = () => screen.getByRole('searchbox', { name: 'Filter' });
const type = (text: string) => fireEvent.input(filter(), { target: { value: text } });
const status = () => within(panel()).getAllByRole('status')[0]!.textContent;
const searchButton = () => within(panel()).queryByRole('button', { name: 'Search all pages' });

/** 50 pushes a page (page n's names say where they are); `wifi` names those that should match. */
function fullPage(page: number, wifi: number[] = [], totals: { total?: number; totalPages?: number } = {}): Page<Push> {
  const items = Array.from({ length: 50 }, (_, index) =>
    makePush({ urlToken: `p${page}n${index}`, name: wifi.includes(index) ? `Wifi ${page}.${index}` : `Other ${page}.${index}` }),
  );
  return makePage(items, page, totals);
}

/** Answers each page from `pages`; pages in `held` wait until the test lets them go. */
function serve(pages: Record<number, PushResult<Page<Push>>>, held: number[] = []) {
  const release = new Map<number, () => void>();
  active.mockImplementation(async (_config, page = 1) => {
    if (held.includes(page)) await new Promise<void>((resolve) => release.set(page, resolve));
    return pages[page] ?? ok(makePage([], page));
  });
  return (page: number) => release.get(page)?.();
}

async function openActive() {
  await configure();
  render(<PushesApp />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
}

describe('the filter says what it searched', () => {
  it('on this browser’s history: many matches a page at a time', async () => {
    await configure('');
    await seedHistory(Array.from({ length: 120 }, (_, index) => makePush({ urlToken: `w${index}x`, name: `Wifi ${index}` })));
    render(<PushesApp />);
    await waitFor(() => expect(rows()).toHaveLength(50));
    type('wifi');
    await waitFor(() => expect(status()).toBe('120 of 120 pushes in this browser match “wifi”.'));
    expect(names()[0]).toBe('Wifi 119');
    const pager = within(panel()).getByRole('navigation');
    within(pager).getByText('Page 1 of 3');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()[0]).toBe('Wifi 69'));
    expect(rows()).toHaveLength(50);
  });

  it('on a server list: the page it filtered, and offers to search all pages while there are more', async () => {
    serve({ 1: ok(fullPage(1, [3, 40])) });
    await openActive();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(searchButton()).toBeNull();

    type('wifi');
    expect(names()).toEqual(['Wifi 1.3', 'Wifi 1.40']);
    expect(status()).toBe('2 of 50 pushes on page 1 match “wifi”.');
    expect(searchButton()).not.toBeNull();
    type('');
    expect(rows()).toHaveLength(50);
    expect(searchButton()).toBeNull();
  });

  it('on this browser’s history: all of it at once, without the network', async () => {
    await configure('');
    // 53 pushes: two pages of the list; the match is the oldest, on page 2.
    await seedHistory([
      makePush({ urlToken: 'oldwifi1', name: 'Guest wifi' }),
      ...Array.from({ length: 52 }, (_, index) => makePush({ urlToken: `h${index}x`, name: `Push ${index}` })),
    ]);
    render(<PushesApp />);
    await waitFor(() => expect(rows()).toHaveLength(50));
    type('WIFI');
    await waitFor(() => expect(status()).toBe('1 of 53 pushes in this browser match “WIFI”.'));
    expect(names()).toEqual(['Guest wifi']);
    // The field's own hint says the same.
    expect(document.getElementById(filter().getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^Shows only the pushes .*: all of this browser’s, and the page shown of a server list \(or all its pages, with Search all pages\)\.$/,
    );
    // Nothing to page through or to search further.
    expect(within(panel()).queryByRole('navigation')).toBeNull();
    expect(searchButton()).toBeNull();
    expect(active).not.toHaveBeenCalled();
    type('');
    await waitFor(() => expect(rows()).toHaveLength(50));
    within(panel()).getByRole('navigation');
  });
});

describe('Search all pages', () => {
  it('asks for the other pages one after another, says how far it is, and shows every match with its page', async () => {
    const totals = { total: 150, totalPages: 3 };
    const release = serve({ 1: ok(fullPage(1, [3], totals)), 2: ok(fullPage(2, [0, 7], totals)), 3: ok(fullPage(3, [49], totals)) }, [2]);
    await openActive();
    await waitFor(() => expect(rows()).toHaveLength(50));
    type('wifi');
    fireEvent.click(searchButton()!);

    await within(panel()).findByText('Searching page 2 of 3…');
    expect(status()).toBe('Searching every page for “wifi”…');
    release(2);
    await waitFor(() => expect(status()).toBe('4 of 150 pushes on pages 1 to 3 match “wifi”.'));
    expect(names()).toEqual(['Wifi 1.3', 'Wifi 2.0', 'Wifi 2.7', 'Wifi 3.49']);
    expect(rows().map((row) => within(row).getByText(/^Page \d$/).textContent)).toEqual(['Page 1', 'Page 2', 'Page 2', 'Page 3']);
    // The page on screen is not asked for again.
    expect(active.mock.calls.map(([, page]) => page)).toEqual([1, 2, 3]);
    expect(within(panel()).queryByRole('navigation')).toBeNull();

    type('');
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(within(panel()).getByRole('navigation').textContent).toMatch('Page 1 of 3');
  });

  it('without pagination headers goes on while pages come back full; a 429 waits as Retry-After says and goes on', async () => {
    let throttled = false;
    active.mockImplementation(async (_config, page = 1) => {
      if (page === 2 && !throttled) {
        throttled = true;
        return fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 1 });
      }
      return page < 3 ? ok(fullPage(page, [1])) : ok(makePage([makePush({ name: 'Wifi last' })], 3));
    });
    await openActive();
    await waitFor(() => expect(rows()).toHaveLength(50));
    type('wifi');
    fireEvent.click(searchButton()!);

    await waitFor(() => expect(status()).toBe('The server asked for a pause: page 2 follows in 1 s.'));
    await waitFor(() => expect(status()).toBe('3 of 101 pushes on pages 1 to 3 match “wifi”.'), { timeout: 5_000 });
    expect(names()).toEqual(['Wifi 1.1', 'Wifi 2.1', 'Wifi last']);
    expect(active.mock.calls.map(([, page]) => page)).toEqual([1, 2, 2, 3]);
  });

  it('stops at another failure, keeps what it found and says where it stopped', async () => {
    serve({ 1: ok(fullPage(1, [1])), 2: ok(fullPage(2, [2])), 3: fail({ kind: 'server', status: 500 }) });
    await openActive();
    await waitFor(() => expect(rows()).toHaveLength(50));
    type('wifi');
    fireEvent.click(searchButton()!);

    await within(panel()).findByText(
      'Page 3 could not be searched, so the search stopped there. The matches shown are from the pages before it.',
    );
    expect(status()).toBe('2 of 100 pushes on pages 1 to 2 match “wifi”.');
    within(panel()).getByRole('alert');
    expect(names()).toEqual(['Wifi 1.1', 'Wifi 2.2']);
  });

  it('Stop ends it and keeps what it found; a new filter or another tab ends it too', async () => {
    const release = serve({ 1: ok(fullPage(1, [1], { totalPages: 4 })), 2: ok(fullPage(2, [2], { totalPages: 4 })) }, [3]);
    await openActive();
    await waitFor(() => expect(rows()).toHaveLength(50));
    type('wifi');
    fireEvent.click(searchButton()!);
    await within(panel()).findByText('Searching page 3 of 4…');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Stop' }));

    await within(panel()).findByText('Stopped: the pages after page 2 were not searched.');
    expect(status()).toBe('2 of 100 pushes on pages 1 to 2 match “wifi”.');
    release(3);
    expect(active.mock.calls.map(([, page]) => page)).toEqual([1, 2, 3]);

    // A new filter: back to the page on screen.
    type('wifi 1');
    expect(status()).toBe('1 of 50 pushes on page 1 match “wifi 1”.');
    fireEvent.click(searchButton()!);
    await within(panel()).findByText('Searching page 3 of 4…');
    fireEvent.click(screen.getByRole('tab', { name: 'Expired' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    await within(panel()).findByText('Stopped: the pages after page 2 were not searched.');
  });

  it('row actions work on the found rows: copy, audit log, expire', async () => {
    const writeText = stubClipboard();
    serve({ 1: ok(fullPage(1, [], { totalPages: 2 })), 2: ok(fullPage(2, [5, 6], { totalPages: 2 })) });
    auditLog.mockResolvedValue(ok(makePage([])));
    await openActive();
    await waitFor(() => expect(rows()).toHaveLength(50));
    type('wifi');
    fireEvent.click(searchButton()!);
    await waitFor(() => expect(names()).toEqual(['Wifi 2.5', 'Wifi 2.6']));
    const row = (name: string) => rows().find((candidate) => candidate.textContent!.startsWith(name))!;

    fireEvent.click(within(row('Wifi 2.5')).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://pwpush.example/p/p2n5/r'));

    expirePush.mockResolvedValue(ok({ ...makePush({ urlToken: 'p2n6' }), expired: true }));
    fireEvent.click(within(row('Wifi 2.6')).getByRole('button', { name: 'Expire' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));
    // Expired, it leaves the Active list's matches.
    await waitFor(() => expect(names()).toEqual(['Wifi 2.5']));
    expect(expirePush.mock.calls[0]![1]).toBe('p2n6');

    fireEvent.click(within(row('Wifi 2.5')).getByRole('button', { name: 'Audit log' }));
    await waitFor(() => expect(auditLog.mock.calls[0]![1]).toBe('p2n5'));
  });
});

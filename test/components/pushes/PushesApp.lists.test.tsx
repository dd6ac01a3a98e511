import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PushesApp } from '@/components/pushes/PushesApp';
import { markOpenedHere } from '@/lib/history/entries';
import { ok } from '@/lib/result';
import { answerListsEmpty, BASE_URL, configure, makePage, makePush, seedHistory, pwpush } from './fixtures';

const { activePushes, expiredPushes } = pwpush;

// Tables of 50 rows render for a few seconds on a loaded machine (2 cores, many runs at once).
vi.setConfig({ testTimeout: 15_000 });

const active = activePushes;
const expired = expiredPushes;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const rows = () => within(panel()).queryAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  expect(tab(name).getAttribute('aria-selected')).toBe('true');
}

describe('the "This browser" list', () => {
  it('lists the pushes made here, newest first, with every column, and their states as the server says now', async () => {
    await configure();
    const older = makePush({
      urlToken: 'older1',
      name: 'Old one',
      daysRemaining: 2,
      viewsRemaining: 1,
      deletableByViewer: false,
      retrievalStep: false,
    });
    const newer = makePush({ urlToken: 'newer1', name: 'Staging DB', note: 'for Kim', daysRemaining: 6, viewsRemaining: 4 });
    await seedHistory([older, { ...newer, kind: 'file', passphraseProtected: true }]);
    // The server now: Staging DB opened once more; Old one used its last view and expired, within
    // the days the history keeps an expired push (a reload after the check must not forget it).
    const expiredOn = new Date(Date.now() - 86_400_000).toISOString();
    active.mockResolvedValue(ok(makePage([{ ...newer, viewsRemaining: 3 }])));
    expired.mockResolvedValue(ok(makePage([{ ...older, viewsRemaining: 0, expired: true, expiredOn }])));
    render(<PushesApp />);

    await screen.findByText(/^States checked with the server, /);
    const [first, second] = await waitFor(() => {
      expect(rows()).toHaveLength(2);
      expect(cells(rows()[0]!)[7]).toMatch(/^Opened/);
      return rows();
    });
    expect(within(first!).getByRole('rowheader').textContent).toMatch(/Staging DB.*Token newer1.*Needs a passphrase/);
    const created = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-08-21T10:15:30.123Z'),
    );
    expect(cells(first!)).toEqual([
      'for Kim',
      'File',
      created,
      '6',
      '3',
      'Yes',
      'Yes',
      expect.stringMatching(/^OpenedChecked with the server, /),
      'Copy linkAudit logExpire',
    ]);
    expect(within(second!).getByRole('rowheader').textContent).toMatch(/^Old one/);
    const expiredDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(expiredOn));
    expect(cells(second!).slice(0, 8)).toEqual([
      '',
      'Text',
      created,
      'unknown',
      'unknown',
      'No',
      'No',
      expect.stringMatching(new RegExp(`^Expired ${expiredDay}.*Checked with the server, `)),
    ]);
    // One page of each list found both: the fewest requests.
    expect(active).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('without a token asks nothing and claims no state it has not checked', async () => {
    await configure('');
    const now = Date.now();
    await seedHistory([
      makePush({ urlToken: 'ran0out', name: 'Ran out', createdAt: new Date(now - 8 * 86_400_000).toISOString() }),
      makePush({ urlToken: 'opened1', name: 'Opened one', createdAt: new Date(now - 3_600_000).toISOString() }),
      makePush({ urlToken: 'fresh1', name: 'Fresh', createdAt: new Date(now - 60_000).toISOString() }),
    ]);
    await markOpenedHere(BASE_URL, 'opened1', now - 1_800_000);
    render(<PushesApp />);

    await waitFor(() => expect(rows()).toHaveLength(3));
    const stateOf = (name: string) => cells(within(panel()).getByText(name).closest('tr') as HTMLElement)[7];
    expect(stateOf('Fresh')).toBe('Not checked (needs an API token)');
    expect(stateOf('Opened one')).toMatch(/^Opened hereOpened in this browser /);
    expect(stateOf('Ran out')).toMatch(/^ExpiredIts days ran out /);
    expect(panel().textContent).not.toMatch(/Not opened|Active/);
    expect(active).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });

  it('says when nothing was pushed from this browser yet', async () => {
    await configure();
    render(<PushesApp />);
    await screen.findByText('No pushes have been made in this browser yet.');
  });

  it('pages its own list 50 at a time with "Page 1 of 2"', async () => {
    await configure();
    await seedHistory(Array.from({ length: 51 }, (_, i) => makePush({ name: `Push ${i}` })));
    render(<PushesApp />);
    await screen.findByText('Page 1 of 2', {}, { timeout: 8000 });
    expect(rows()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    // The state check marks all 51 as missing from the (empty) lists meanwhile: the table renders again.
    await screen.findByText('Page 2 of 2', {}, { timeout: 8000 });
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.textContent).toMatch(/^Push 0/);
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows pushes of another instance with their host', async () => {
    await configure();
    await seedHistory([makePush({ name: 'Elsewhere' })], 'https://old.example');
    render(<PushesApp />);
    await screen.findByText('On old.example');
  });
});

describe('tabs', () => {
  it('are an ARIA tab list: one tab stop, arrows, Home and End move and show the list', async () => {
    await configure();
    active.mockResolvedValue(ok(makePage([])));
    expired.mockResolvedValue(ok(makePage([])));
    render(<PushesApp />);
    const list = await screen.findByRole('tablist', { name: 'Lists of pushes' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((element) => element.textContent)).toEqual(['This browser', 'Active', 'Expired']);
    expect(tabs.map((element) => element.tabIndex)).toEqual([0, -1, -1]);
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel().id);

    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs[1]!.id);
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2]!, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
    expect(tabs.map((element) => element.tabIndex)).toEqual([0, -1, -1]);
  });
});

describe('the Active and Expired lists', () => {
  it('list the account pushes; a push made here shows its kind, others "unknown"', async () => {
    await configure();
    const mine = makePush({ name: 'Mine', note: 'n1' });
    await seedHistory([{ ...mine, kind: 'url' }]);
    active.mockResolvedValue(ok(makePage([makePush({ name: 'From elsewhere', deletableByViewer: null }), mine])));
    render(<PushesApp />);
    await openTab('Active');

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(active).toHaveBeenCalledWith({ baseUrl: BASE_URL, token: 'api-token' }, 1);
    expect(cells(rows()[0]!).slice(0, 9)).toEqual([
      '',
      'unknown',
      expect.any(String),
      '7',
      '5',
      'No (URL push)',
      'Yes',
      expect.stringMatching(/^Not opened yetChecked with the server, /),
      expect.any(String),
    ]);
    expect(cells(rows()[1]!).slice(0, 2)).toEqual(['n1', 'URL']);
  });

  it('page with the pagination headers: "Page 1 of 3", next and previous', async () => {
    await configure();
    const full = Array.from({ length: 50 }, () => makePush());
    active.mockImplementation(async (_, page = 1) =>
      ok(makePage(page === 2 ? [makePush({ name: 'On page two' })] : full, page, { total: 101, totalPages: 3 })),
    );
    render(<PushesApp />);
    await openTab('Active');
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    expect(active).toHaveBeenLastCalledWith(expect.anything(), 2);
    expect(rows()[0]!.textContent).toMatch(/^On page two/);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Page 1 of 3');
    expect(active).toHaveBeenLastCalledWith(expect.anything(), 1);
  });

  it('page without the headers: next while a page came back full, and an empty page says it is past the end', async () => {
    await configure();
    const full = Array.from({ length: 50 }, () => makePush());
    expired.mockImplementation(async (_, page = 1) => ok(makePage(page === 1 ? full : [], page)));
    render(<PushesApp />);
    await openTab('Expired');
    await screen.findByText('Page 1');
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next.getAttribute('aria-disabled')).toBe('false');

    fireEvent.click(next);
    await screen.findByText('Page 2 is past the end of the list.');
    expect(expired).toHaveBeenLastCalledWith(expect.anything(), 2);
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(expired).toHaveBeenLastCalledWith(expect.anything(), 1);
  });

  it('a short page without headers is the end: no pager', async () => {
    await configure();
    expired.mockResolvedValue(ok(makePage([makePush()])));
    render(<PushesApp />);
    await openTab('Expired');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('say when the account has none', async () => {
    await configure();
    active.mockResolvedValue(ok(makePage([], 1, { total: 0, totalPages: 0 })));
    render(<PushesApp />);
    await openTab('Active');
    await screen.findByText('Your account has no active pushes.');
  });

  it('without a token say one is needed, link to the options, and ask nothing', async () => {
    await configure('');
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue();
    render(<PushesApp />);
    await openTab('Expired');
    within(panel()).getByText(/need an API token/);
    fireEvent.click(within(panel()).getByRole('button', { name: 'Open settings' }));
    expect(openOptions).toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });

  it('without an instance the history still shows and the server lists point to the options', async () => {
    await seedHistory([makePush({ name: 'Kept here' })]);
    render(<PushesApp />);
    await screen.findByText('Kept here');
    screen.getByText(/No Password Pusher instance is set up yet/);
    await openTab('Active');
    within(panel()).getByText(/Choose your Password Pusher instance/);
    expect(active).not.toHaveBeenCalled();
  });
});

describe('the filter', () => {
  it('keeps the loaded rows whose name, note, kind, token or link match', async () => {
    await configure();
    await seedHistory([
      makePush({ urlToken: 'aaa111', name: 'Staging DB' }),
      makePush({ urlToken: 'bbb222', name: 'Wi-Fi', note: 'guest network' }),
      { ...makePush({ urlToken: 'ccc333', name: 'Portal' }), kind: 'qr' },
    ]);
    render(<PushesApp />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const filter = screen.getByRole('searchbox', { name: 'Filter' });

    const names = () => rows().map((row) => within(row).getByRole('rowheader').textContent!.split('Token')[0]);
    fireEvent.input(filter, { target: { value: 'GUEST' } });
    await waitFor(() => expect(names()).toEqual(['Wi-Fi']));
    await screen.findByText('1 of 3 pushes in this browser match “GUEST”.');
    fireEvent.input(filter, { target: { value: 'qr' } });
    await waitFor(() => expect(names()).toEqual(['Portal']));
    fireEvent.input(filter, { target: { value: 'aaa1' } });
    await waitFor(() => expect(names()).toEqual(['Staging DB']));
    fireEvent.input(filter, { target: { value: '/p/bbb222' } });
    await waitFor(() => expect(names()).toEqual(['Wi-Fi']));
    fireEvent.input(filter, { target: { value: 'nothing like it' } });
    await screen.findByText('0 of 3 pushes in this browser match “nothing like it”.');
    expect(rows()).toHaveLength(0);
    fireEvent.input(filter, { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});

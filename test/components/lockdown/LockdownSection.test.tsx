import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LockdownSection } from '@/components/lockdown/LockdownSection';
import { lockdownMessages } from '@/lib/lockdown/messages';
import { startState, type LockdownReport, type LockdownState } from '@/lib/lockdown/state';
import { lockdownState } from '@/lib/lockdown/store';
import { activePushes } from '@/lib/pwpush/client';
import { ok } from '@/lib/result';
import { instanceUrl, setToken } from '@/lib/settings';
import { BASE_URL, makePush } from '@/test/support/pwpush-fixtures';

vi.mock('@/lib/pwpush/client', () => ({ activePushes: vi.fn() }));

const page = (count: number) => ok({ items: Array.from({ length: count }, () => makePush()), page: 1, perPage: 50 });

async function configure(token = 'api-token') {
  await instanceUrl.setValue(BASE_URL);
  await setToken(token, true, BASE_URL);
}

function running(overrides: Partial<LockdownState> = {}): LockdownState {
  const start = startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: Date.now() });
  return { ...start, phase: 'expiring', next: 37, counts: { ...start.counts, found: 120, expired: 37 }, ...overrides };
}

function finished(report: Partial<LockdownReport> = {}): LockdownState {
  return {
    ...running({ phase: 'done', next: 0 }),
    report: {
      expired: 120,
      gone: 0,
      madeDuring: 0,
      ownExpired: 0,
      ownGone: 0,
      notDone: [],
      withToken: true,
      finishedAt: Date.now(),
      ...report,
    },
  };
}

let send: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.mocked(activePushes).mockReset();
  send = vi.spyOn(lockdownMessages, 'send').mockResolvedValue(null as never);
});

describe('the lockdown confirmation', () => {
  it('names everything it will do, with the number of active pushes, and starts with the session choice', async () => {
    await configure();
    vi.mocked(activePushes).mockResolvedValue(page(12));
    render(<LockdownSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start a lockdown…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a lockdown?' });
    await within(dialog).findByText('expire all 12 active pushes of your account on pwpush.example');
    for (const text of [
      'expire the pushes this browser made on pwpush.example without the API token, by their links, where the instance allows it',
      'forget this browser’s history of pushes',
      'forget your recent airports and My flight',
      'forget the API token in this browser',
      'empty the clipboard, whatever it holds (without reading it)',
    ])
      within(dialog).getByText(text);
    // The token is not ended by forgetting it: the dialog says so before anything is done.
    within(dialog).getByText(
      /^The API token still works on pwpush\.example until you make a new one there: whoever has it can list your pushes/,
    );
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new token on pwpush.example' }));
    expect(create).toHaveBeenCalledWith({ url: 'https://pwpush.example/users/token' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Keep the API token for this browser session only' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start lockdown' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('lockdown:start', { keepTokenForSession: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a full first page without totals says "at least 50"', async () => {
    await configure();
    vi.mocked(activePushes).mockResolvedValue(page(50));
    render(<LockdownSection askAtStart />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('expire all active pushes of your account on pwpush.example (at least 50)');
  });

  it('without a token says plainly that only this browser is wiped, and offers no token choice', async () => {
    await configure('');
    render(<LockdownSection askAtStart />);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(
      'Without an API token your account’s pushes on pwpush.example cannot be listed: they stay until they expire. The pushes this browser made there are expired by their links where the instance allows it.',
    );
    expect(within(dialog).queryByText(/still works/)).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByText(/expire all/)).toBeNull();
    expect(activePushes).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start lockdown' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('lockdown:start', { keepTokenForSession: false }));
  });

  it('Cancel starts nothing and gives the focus back', async () => {
    await configure();
    vi.mocked(activePushes).mockResolvedValue(page(0));
    render(<LockdownSection />);
    const opener = await screen.findByRole('button', { name: 'Start a lockdown…' });
    fireEvent.click(opener);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(send).not.toHaveBeenCalledWith('lockdown:start', expect.anything());
  });
});

describe('the lockdown progress', () => {
  it('shows "Expired 37 of 120" from the stored state, follows it, and hands a stored run to the background', async () => {
    await lockdownState.setValue(running());
    render(<LockdownSection />);
    await screen.findByText('Expired 37 of 120', { selector: '.lockdown-progress-line' });
    expect(screen.getByRole('status').getAttribute('class')).toContain('visually-hidden');
    expect(send).toHaveBeenCalledWith('lockdown:resume', {});
    expect(screen.queryByRole('button', { name: 'Start a lockdown…' })).toBeNull();
    await act(() => lockdownState.setValue(running({ waitingUntil: Date.UTC(2026, 10, 27, 9, 30) })));
    await screen.findByText(/The instance asked Pushgate to slow down: it goes on at /);
  });

  it('says the end in its live region, and tells the page its lists changed', async () => {
    await lockdownState.setValue(running());
    const onFinished = vi.fn();
    render(<LockdownSection onFinished={onFinished} />);
    await screen.findByText('Expired 37 of 120', { selector: '.lockdown-progress-line' });
    await act(() => lockdownState.setValue(finished({ token: 'pending' })));
    await waitFor(() => expect(onFinished).toHaveBeenCalledOnce());
    // Not finished while the token step waits for the person.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Lockdown: one step left'), { timeout: 6_000 });
  }, 10_000);

  it('while listing, says which page', async () => {
    await lockdownState.setValue(running({ phase: 'listing', page: 3, next: 0 }));
    render(<LockdownSection />);
    await screen.findByText('Lockdown: reading your active pushes, page 3…', { selector: '.lockdown-progress-line' });
  });

  it("this browser's own pushes, by their links: how many of them are done", async () => {
    const state = running({ phase: 'own' });
    await lockdownState.setValue({ ...state, counts: { ...state.counts, own: 3, ownExpired: 1 } });
    render(<LockdownSection />);
    await screen.findByText('Pushes this browser made without the token: 1 of 3 done', { selector: '.lockdown-progress-line' });
  });
});

describe('the lockdown report', () => {
  const made = '2026-11-27T08:00:00.000Z';
  const report = (overrides: Partial<LockdownReport> = {}): LockdownState =>
    finished({
      expired: 117,
      gone: 1,
      notDone: [
        {
          name: 'Wifi ‮gnp.exe',
          createdAt: made,
          outcome: { kind: 'refused', status: 403, serverMessage: 'That push doesn’t belong to you.' },
          source: 'list',
        },
        { name: '', createdAt: '2026-11-26T08:00:00.000Z', outcome: { kind: 'failed', reason: 'server', status: 500 }, source: 'list' },
      ],
      wipe: { history: true, airports: true, token: 'forgotten', clipboard: 'emptied', compacted: true },
      token: 'made',
      ...overrides,
    });

  it('lists what could not be done and why, and what was wiped', async () => {
    await lockdownState.setValue(report());
    render(<LockdownSection />);
    await screen.findByText('117 pushes on pwpush.example were expired. 1 was already gone.');
    screen.getByText('2 pushes could not be expired:');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    const refused = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('gnp.exe'))!;
    expect(refused.querySelector('bdi')?.textContent).toBe('Wifi ‮gnp.exe');
    expect(refused.textContent).toMatch(/ \(made Nov 27, 2026, .+\): the instance refused \(403\) .*That push doesn’t belong to you\./);
    expect(items.some((text) => text?.startsWith('A push without a name') && text.endsWith('the instance failed (500), three tries'))).toBe(
      true,
    );
    for (const line of [
      'This browser’s history of pushes is forgotten.',
      'Airport data is forgotten: recent airports, My flight, the queue readings, the saved wait times and the watches.',
      'This browser forgot the API token.',
      'The clipboard was emptied, without being read.',
    ])
      screen.getByText(line);
    fireEvent.click(screen.getByRole('button', { name: 'Close report' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('lockdown:dismiss', {}));
  });

  it('is not done while the token still works: it says so, opens the token page, and waits for the person', async () => {
    const listedAt = Date.UTC(2026, 10, 27, 9, 41);
    await lockdownState.setValue(report({ token: 'pending', listedAt }));
    render(<LockdownSection />);
    await screen.findByRole('heading', { name: 'Lockdown: one step left' });
    screen.getByText(
      /^The API token still works on pwpush\.example until you make a new one there: whoever has it can list your pushes with their passphrases, open them and push in your name\. Pushgate cannot end it for you\. Pushes made with it after .+, when the lockdown last read your list, were not expired\.$/,
    );
    expect(screen.queryByRole('button', { name: 'Close report' })).toBeNull();
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    fireEvent.click(screen.getByRole('button', { name: 'Make a new token on pwpush.example' }));
    expect(create).toHaveBeenCalledWith({ url: 'https://pwpush.example/users/token' });
    send.mockImplementation((async (type: string) => (type === 'lockdown:token' ? report({ token: 'made' }) : null)) as never);
    fireEvent.click(screen.getByRole('button', { name: 'I made a new token' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('lockdown:token', { answer: 'made' }));
    await screen.findByText('You made a new API token on pwpush.example: the old one no longer works.');
    await screen.findByRole('heading', { name: /^Lockdown finished / });
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H3'));
    screen.getByRole('button', { name: 'Close report' });
  });

  it('"Later" ends the lockdown with the warning kept, and the token page still a click away', async () => {
    await lockdownState.setValue(report({ token: 'later' }));
    render(<LockdownSection />);
    await screen.findByRole('heading', { name: /^Lockdown finished / });
    screen.getByText(/^The API token still works on pwpush\.example/);
    screen.getByRole('button', { name: 'Make a new token on pwpush.example' });
    screen.getByRole('button', { name: 'I made a new token' });
    screen.getByRole('button', { name: 'Close report' });
  });

  it('names the pushes made after it began, and says when new ones kept appearing', async () => {
    await lockdownState.setValue(
      report({
        expired: 12,
        gone: 0,
        madeDuring: 2,
        stillAppearing: true,
        notDone: [
          { name: 'late', createdAt: made, outcome: { kind: 'failed', reason: 'server', status: 502 }, source: 'list', madeDuring: true },
        ],
      }),
    );
    render(<LockdownSection />);
    await screen.findByText(
      '12 pushes on pwpush.example were expired. 2 of them were made after the lockdown began (on another device, or by someone with the token).',
    );
    screen.getByText(
      /^New pushes kept appearing on pwpush\.example until the lockdown’s last reading of the list: someone may be pushing with your token right now\./,
    );
    expect(screen.getAllByRole('listitem').find((item) => item.textContent?.startsWith('late'))?.textContent).toMatch(
      /^late \(made .+, made after the lockdown began\): the instance failed \(502\), three tries$/,
    );
  });

  it("this browser's own pushes: those expired by their links, and one the instance would not let go, with what is left to do", async () => {
    await lockdownState.setValue(
      report({
        ownExpired: 2,
        ownGone: 1,
        notDone: [
          {
            name: 'door code',
            createdAt: made,
            outcome: { kind: 'refused', status: 401, serverMessage: 'That push is not deletable by viewers.' },
            source: 'own',
            endsAt: '2026-12-04T08:00:00.000Z',
            viewsLeft: 3,
          },
        ],
      }),
    );
    render(<LockdownSection />);
    await screen.findByText('2 pushes this browser made without the token were expired by their links. 1 had already ended.');
    expect(screen.getAllByRole('listitem').find((item) => item.textContent?.startsWith('door code'))?.textContent).toMatch(
      /^door code \(made .+\): the instance refused \(401\) That push is not deletable by viewers\. It stays open until Dec 4, 2026, .+, or until its last view \(3 left\)\. Only the administrator of pwpush\.example can expire it sooner\.$/,
    );
  });

  it('says where the Active list stopped, and why each push was left', async () => {
    await lockdownState.setValue(
      report({
        expired: 1,
        gone: 0,
        listFailure: { page: 2, reason: 'refused', status: 401 },
        notDone: [
          { name: 'a', createdAt: made, outcome: { kind: 'failed', reason: 'throttled', status: 429 }, source: 'list' },
          { name: 'b', createdAt: made, outcome: { kind: 'failed', reason: 'no-token' }, source: 'list' },
          { name: 'c', createdAt: made, outcome: { kind: 'failed', reason: 'network' }, source: 'list' },
          { name: 'd', createdAt: made, outcome: { kind: 'failed', reason: 'unexpected', status: 200 }, source: 'list' },
        ],
      }),
    );
    render(<LockdownSection />);
    await screen.findByText('1 push on pwpush.example was expired.');
    screen.getByText(
      'The list of active pushes could not be read from page 2 on (the instance refused (401)): pushes listed there may still be active.',
    );
    const reasons = screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/^.*\): /, ''));
    expect(reasons.slice(0, 4)).toEqual([
      'the instance kept asking to slow down',
      'the API token was no longer there',
      'no answer from the instance, three tries',
      'the instance did not confirm that it expired',
    ]);
  });

  it('without a token says the pushes stay; a refused wipe is named', async () => {
    await lockdownState.setValue(
      report({
        withToken: false,
        token: undefined,
        expired: 0,
        gone: 0,
        notDone: [],
        wipe: { history: false, airports: true, token: 'none', clipboard: 'failed', compacted: false },
      }),
    );
    render(<LockdownSection />);
    await screen.findByText('Only this browser’s data was wiped (no API token): your pushes on the instance stay until they expire.');
    screen.getByText('This browser’s history could not be deleted: the browser’s storage refused.');
    screen.getByText('The clipboard could not be cleared: copy something else over it.');
    screen.getByText(
      'The browser’s storage could not be rewritten: what was forgotten may stay in its files until the browser tidies them.',
    );
    expect(screen.queryByText(/were expired/)).toBeNull();
    expect(screen.queryByText(/still works/)).toBeNull();
  });
});

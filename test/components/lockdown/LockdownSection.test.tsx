import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { LockdownSection } from '@/components/lockdown/LockdownSection';
import { lockdownMessages } from '@/lib/lockdown/messages';
import { startState, type LockdownState } from '@/lib/lockdown/state';
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
  const targets = Array.from({ length: 120 }, (_, i) => ({
    urlToken: `t${i}`,
    name: `n${i}`,
    createdAt: '2026-11-27T08:00:00.000Z',
    ...(i < 37 ? { outcome: { kind: 'expired' as const } } : {}),
  }));
  return {
    ...startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: Date.now() }),
    phase: 'expiring',
    targets,
    next: 37,
    ...overrides,
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
      'forget this browser’s history of pushes',
      'forget your recent airports and My flight',
      'forget the API token',
      'clear a secret Pushgate copied to the clipboard',
    ])
      within(dialog).getByText(text);
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
      'Without an API token only this browser’s data can be wiped: your pushes on pwpush.example stay until they expire.',
    );
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
    const report = { expired: 120, gone: 0, notDone: [], withToken: true, finishedAt: Date.now() };
    await act(() => lockdownState.setValue(running({ phase: 'done', targets: [], next: 0, report })));
    await waitFor(() => expect(onFinished).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Lockdown finished /), { timeout: 6_000 });
  });

  it('while listing, says which page', async () => {
    await lockdownState.setValue(running({ phase: 'listing', page: 3, targets: [], next: 0 }));
    render(<LockdownSection />);
    await screen.findByText('Lockdown: reading your active pushes, page 3…', { selector: '.lockdown-progress-line' });
  });
});

describe('the lockdown report', () => {
  const report = (overrides: Partial<NonNullable<LockdownState['report']>> = {}): LockdownState => ({
    ...running({ phase: 'done', targets: [], next: 0 }),
    report: {
      expired: 117,
      gone: 1,
      notDone: [
        {
          name: 'Wifi ‮gnp.exe',
          createdAt: '2026-11-27T08:00:00.000Z',
          outcome: { kind: 'refused', status: 403, serverMessage: 'That push doesn’t belong to you.' },
        },
        { name: '', createdAt: '2026-11-26T08:00:00.000Z', outcome: { kind: 'failed', reason: 'server', status: 500 } },
      ],
      withToken: true,
      wipe: { history: true, airports: true, token: 'forgotten', clipboard: 'cleared' },
      finishedAt: Date.now(),
      ...overrides,
    },
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
      'Recent airports and My flight are forgotten.',
      'The API token is forgotten.',
      'A secret Pushgate copied was cleared from the clipboard.',
    ])
      screen.getByText(line);
    fireEvent.click(screen.getByRole('button', { name: 'Close report' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('lockdown:dismiss', {}));
  });

  it('says where the Active list stopped, and why each push was left', async () => {
    const made = '2026-11-27T08:00:00.000Z';
    await lockdownState.setValue(
      report({
        expired: 1,
        gone: 0,
        listFailure: { page: 2, reason: 'refused', status: 401 },
        notDone: [
          { name: 'a', createdAt: made, outcome: { kind: 'failed', reason: 'throttled', status: 429 } },
          { name: 'b', createdAt: made, outcome: { kind: 'failed', reason: 'no-token' } },
          { name: 'c', createdAt: made, outcome: { kind: 'failed', reason: 'network' } },
          { name: 'd', createdAt: made, outcome: { kind: 'failed', reason: 'unexpected', status: 200 } },
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
        expired: 0,
        gone: 0,
        notDone: [],
        wipe: { history: false, airports: true, token: 'none', clipboard: 'none' },
      }),
    );
    render(<LockdownSection />);
    await screen.findByText('Only this browser’s data was wiped (no API token): your pushes on the instance stay until they expire.');
    screen.getByText('This browser’s history could not be deleted: the browser’s storage refused.');
    expect(screen.queryByText(/were expired/)).toBeNull();
  });
});

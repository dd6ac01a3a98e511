import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PushesApp } from '@/components/pushes/PushesApp';
import { DEFAULT_TIMEOUT_MS, type HttpError } from '@/lib/http';
import * as history from '@/lib/history/read-page';
import { fail, ok } from '@/lib/result';
import { answerListsEmpty, configure, makePage, makePush, seedHistory, pwpush } from './fixtures';

const { activePushes, auditLog } = pwpush;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A timeout is the client's own timer running out on a request nobody answers: the clock is moved on for it. */
function clockFor(error: HttpError): void {
  if (error.kind === 'timeout') vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
}

async function alertIn(container: HTMLElement, error: HttpError): Promise<HTMLElement> {
  if (error.kind !== 'timeout') return within(container).findByRole('alert');
  return vi.waitFor(async () => {
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    return within(container).getByRole('alert');
  });
}

const panel = () => screen.getByRole('tabpanel');

const cases: Array<[string, HttpError, RegExp, boolean]> = [
  ['a rejected token (401)', { kind: 'unauthorized', status: 401 }, /The API token was rejected/, true],
  ['a bad page (400)', { kind: 'bad-request', status: 400, serverMessage: 'Invalid page parameter' }, /refused to show that page/, false],
  [
    'a rate limit (429) with Retry-After',
    { kind: 'rate-limited', status: 429, retryAfterSeconds: 90 },
    /Too many requests: try again in 2 min/,
    false,
  ],
  ['a rate limit (429) without Retry-After', { kind: 'rate-limited', status: 429 }, /wait a minute, then try again/, false],
  ['a network failure', { kind: 'network' }, /could not be reached/, false],
  ['a timeout', { kind: 'timeout' }, /did not answer in time/, false],
  ['a server error', { kind: 'server', status: 502 }, /internal error \(HTTP 502\)/, false],
];

describe('the server lists say why they failed', () => {
  it.each(cases)('%s', async (_, error, message, offersOptions) => {
    await configure();
    clockFor(error);
    activePushes.mockResolvedValue(fail(error));
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue();
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    const alert = await alertIn(panel(), error);
    expect(alert.textContent).toMatch(message);
    const options = within(alert).queryByRole('button', { name: 'Open settings' });
    expect(options !== null).toBe(offersOptions);
    options?.click();
    expect(openOptions).toHaveBeenCalledTimes(offersOptions ? 1 : 0);
  });

  it('keeps the page it had when the next one fails, and Reload tries again', async () => {
    await configure();
    const full = Array.from({ length: 50 }, () => makePush());
    activePushes.mockResolvedValueOnce(ok(makePage(full))).mockResolvedValueOnce(fail({ kind: 'network' }));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    await screen.findByText('Page 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await within(panel()).findByRole('alert');
    expect(within(panel()).getAllByRole('row')).toHaveLength(51);
    activePushes.mockResolvedValueOnce(ok(makePage(full)));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(panel()).queryByRole('alert')).toBeNull());
    expect(activePushes).toHaveBeenLastCalledWith(expect.anything(), 1);
  });
});

describe('the history stays when the network fails', () => {
  it("still lists this browser's pushes after the server lists failed", async () => {
    await configure();
    await seedHistory([makePush({ name: 'Safe here' })]);
    activePushes.mockResolvedValue(fail({ kind: 'network' }));
    render(<PushesApp />);
    await screen.findByText('Safe here');
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    await within(panel()).findByRole('alert');
    fireEvent.click(screen.getByRole('tab', { name: 'This browser' }));
    within(panel()).getByText('Safe here');
    expect(within(panel()).queryByRole('alert')).toBeNull();
  });

  it('says so when the browser storage cannot be read', async () => {
    await configure();
    vi.spyOn(history, 'readHistoryPage').mockRejectedValue(new DOMException('The backing store failed', 'UnknownError'));
    render(<PushesApp />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be read from its storage/);
  });
});

describe('the audit log says why it failed', () => {
  const auditCases: Array<[string, HttpError, RegExp]> = [
    [
      "someone else's push (403)",
      { kind: 'forbidden', status: 403, serverMessage: "That push doesn't belong to you." },
      /^This push belongs to another account; only its owner can read its audit log\.$/,
    ],
    ['a purged push (404)', { kind: 'not-found', status: 404 }, /^This push no longer exists on the instance\.$/],
    ['a rejected token (401)', { kind: 'unauthorized', status: 401 }, /The API token was rejected/],
    ['a bad page (400)', { kind: 'bad-request', status: 400 }, /refused to show that page/],
    ['a rate limit (429)', { kind: 'rate-limited', status: 429, retryAfterSeconds: 30 }, /try again in 30 s/],
    ['a network failure', { kind: 'network' }, /could not be reached/],
    ['a timeout', { kind: 'timeout' }, /did not answer in time/],
  ];

  it.each(auditCases)('%s', async (_, error, message) => {
    await configure();
    await seedHistory([makePush({ name: 'Audited' })]);
    clockFor(error);
    auditLog.mockResolvedValue(fail(error));
    render(<PushesApp />);
    fireEvent.click(within((await screen.findByText('Audited')).closest('tr')!).getByRole('button', { name: 'Audit log' }));
    const alert = await alertIn(document.body, error);
    expect(alert.querySelector('.failure-message')!.textContent).toMatch(message);
  });

  it('without a token says one is needed, links to the options and asks nothing', async () => {
    await configure('');
    await seedHistory([makePush({ name: 'Audited' })]);
    render(<PushesApp />);
    fireEvent.click(within((await screen.findByText('Audited')).closest('tr')!).getByRole('button', { name: 'Audit log' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/only be read with the API token of the push's owner/);
    within(alert).getByRole('button', { name: 'Open settings' });
    expect(auditLog).not.toHaveBeenCalled();
  });
});

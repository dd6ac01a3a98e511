import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { fail, ok } from '@/lib/result';
import type { HttpError } from '@/lib/http';
import { recordPush } from '@/lib/history/entries';
import { answerListsEmpty, BASE_URL, configure, makePage, makePush, seedHistory, pwpush } from './fixtures';

const { activePushes, expiredPushes } = pwpush;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const stateOf = (name: string) =>
  (within(screen.getByRole('tabpanel')).getByText(name).closest('tr') as HTMLElement).querySelector('.push-state')!.textContent;

describe('the state check when the Pushes page opens', () => {
  it('keeps and shows what it learned before a 429, and says what it did not reach', async () => {
    await configure();
    const createdAt = new Date().toISOString();
    const listed = makePush({ urlToken: 'listed1', name: 'Listed', createdAt });
    const later = makePush({ urlToken: 'later1', name: 'Later', createdAt });
    await seedHistory([listed, later]);
    const others = Array.from({ length: 49 }, (_, i) => makePush({ urlToken: `other${i}` }));
    // Page 1 is full (so more may follow) and holds one of them; the throttle refuses page 2.
    activePushes.mockImplementation(async (_connection, page = 1) =>
      page === 1
        ? ok(makePage([{ ...listed, viewsRemaining: 3 }, ...others]))
        : fail<HttpError>({ kind: 'rate-limited', status: 429, retryAfterSeconds: 30 }),
    );
    render(<PushesApp />);

    expect((await screen.findByRole('alert')).textContent).toMatch(/^Too many requests: try again in /);
    await screen.findByText('1 push was not checked this time: the next openings of this page go on with it.');
    await waitFor(() => expect(stateOf('Listed')).toMatch(/^OpenedChecked with the server, /));
    expect(stateOf('Later')).toBe('Not checked this timeA later opening of this page checks it');
    expect(activePushes.mock.calls.map(([, page]) => page)).toEqual([1, 2]);
    expect(expiredPushes).not.toHaveBeenCalled();
  });

  it('says why a push pushed without a token cannot be checked, and asks no list for it', async () => {
    await configure();
    const anonymous = makePush({ urlToken: 'anon1', name: 'Anonymous', createdAt: new Date().toISOString() });
    await recordPush(BASE_URL, anonymous, { kind: 'text', passphraseProtected: false, withToken: false });
    render(<PushesApp />);
    await screen.findByText(/^States checked with the server, /);
    await waitFor(() =>
      expect(stateOf('Anonymous')).toBe("Cannot be checkedPushed without an API token: the account's lists do not hold it"),
    );
    expect(activePushes).not.toHaveBeenCalled();
  });
});

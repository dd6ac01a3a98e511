import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { instancePauses } from '@/lib/pace/pause';
import { EMPTY_STATE, receiptsState } from '@/lib/receipts/state';
import { fail } from '@/lib/result';
import { answerListsEmpty, BASE_URL, configure, makePush, pwpush, seedHistory } from './fixtures';

// A 429 pauses every job asking the instance (lib/pace/pacer.ts): the page says so once, and the
// notes of the jobs that met it stand down while the pause holds.

const PAUSED = /^[^ ]+ asked Pushgate to slow down: everything Pushgate asks it waits until .+\.$/;
const host = new URL(BASE_URL).host;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

describe("the instance's pause on the Pushes page", () => {
  it('is said once, with the host and until when, instead of the receipts’ and the list’s own notes', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'watched1' })]);
    await instancePauses.setValue({ [new URL(BASE_URL).origin]: Date.now() + 5 * 60_000 });
    await receiptsState.setValue({ ...EMPTY_STATE, failure: { kind: 'rate-limited', at: Date.now(), streak: 1, delayMs: 600_000 } });
    pwpush.activePushes.mockResolvedValue(fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 300 }));
    render(<PushesApp />);
    const note = await screen.findByText(PAUSED);
    expect(note.textContent).toContain(`${host} asked Pushgate`);
    expect(note.getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    await waitFor(() => expect(pwpush.activePushes).toHaveBeenCalled());
    await waitFor(() => expect(within(screen.getByRole('tabpanel')).queryByText(/Loading/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Read receipts paused until/)).toBeNull();
    expect(screen.getAllByText(PAUSED)).toHaveLength(1);
  });

  it('leaves every other failure its own note', async () => {
    await configure();
    await instancePauses.setValue({ [new URL(BASE_URL).origin]: Date.now() + 5 * 60_000 });
    pwpush.activePushes.mockResolvedValue(fail({ kind: 'network' }));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    expect((await within(screen.getByRole('tabpanel', { name: 'Active' })).findByRole('alert')).textContent).toMatch(
      /could not be reached/,
    );
    screen.getByText(PAUSED);
  });

  it('goes when the pause is over, and says nothing of another instance’s', async () => {
    await configure();
    await instancePauses.setValue({ [new URL(BASE_URL).origin]: Date.now() + 300, 'https://other.example': Date.now() + 60_000 });
    render(<PushesApp />);
    await screen.findByText(PAUSED);
    await waitFor(() => expect(screen.queryByText(PAUSED)).toBeNull(), { timeout: 3_000 });
  });
});

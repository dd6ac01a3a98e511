import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PushesApp } from '@/components/pushes/PushesApp';
import { listHistory } from '@/lib/history/entries';
import { EMPTY_STATE, receiptsState } from '@/lib/receipts/state';
import { receiptsSeenAt, receiptsUnwatched } from '@/lib/settings';
import { answerListsEmpty, configure, makePush, seedHistory } from './fixtures';

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

async function entryId(): Promise<string> {
  const history = await listHistory();
  return String(history.ok && history.value[0]!.recordedAt);
}

describe('read receipts on the Pushes page', () => {
  it('a row says its newest receipt and who opened it; Stop watching and Watch again; opening the page marks receipts seen', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'watched1', name: 'Wifi' })]);
    const id = await entryId();
    const foundAt = Date.now() - 1000;
    await receiptsState.setValue({
      ...EMPTY_STATE,
      receipts: [{ entryId: id, event: 'viewed', at: '2026-11-27T09:42:00.000Z', viewsLeft: 4, viewer: { kind: 'browser' }, foundAt }],
    });
    render(<PushesApp />);
    await screen.findByText(/^Opened on .+\. Opened by a browser\. 4 views left\.$/);
    await waitFor(async () => expect(await receiptsSeenAt.getValue()).toBeGreaterThan(foundAt));

    fireEvent.click(screen.getByRole('button', { name: 'Stop watching' }));
    await screen.findByRole('button', { name: 'Watch again' });
    expect(await receiptsUnwatched.getValue()).toEqual([id]);
    await screen.findByText('No read receipts for this push.');
    fireEvent.click(screen.getByRole('button', { name: 'Watch again' }));
    await screen.findByRole('button', { name: 'Stop watching' });
    expect(await receiptsUnwatched.getValue()).toEqual([]);
  });

  it('asks the background for a poll at once when its row shows a view the watcher has not put into words', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'opened1', expireAfterViews: 5, viewsRemaining: 4 })]);
    const id = await entryId();
    await receiptsState.setValue({ ...EMPTY_STATE, watch: { [id]: { viewsRemaining: 5, auditRead: 1 } } });
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    render(<PushesApp />);
    await waitFor(() =>
      expect(sent.mock.calls.filter(([message]) => (message as { type?: string }).type === 'receipts:poll-now')).toHaveLength(1),
    );
  });

  it('asks for it at the first view too, before any poll met the push (a link preview opens it seconds after it is sent)', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'unfurled', expireAfterViews: 5, viewsRemaining: 4 })]);
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    render(<PushesApp />);
    await waitFor(() =>
      expect(sent.mock.calls.filter(([message]) => (message as { type?: string }).type === 'receipts:poll-now')).toHaveLength(1),
    );
  });

  it('asks for no poll when the watcher has seen every view', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'opened2', expireAfterViews: 5, viewsRemaining: 4 })]);
    const id = await entryId();
    await receiptsState.setValue({ ...EMPTY_STATE, watch: { [id]: { viewsRemaining: 4, auditRead: 2 } } });
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    render(<PushesApp />);
    await screen.findByRole('button', { name: 'Stop watching' });
    // The ask goes out in the task after the row is drawn (components/pushes/receipts/useReceipts.ts).
    await new Promise((next) => setTimeout(next, 0));
    expect(sent.mock.calls.filter(([message]) => (message as { type?: string }).type === 'receipts:poll-now')).toEqual([]);
  });

  it('says until when receipts are paused after a 429, in its own words', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'watched2' })]);
    await receiptsState.setValue({ ...EMPTY_STATE, failure: { kind: 'rate-limited', at: Date.now(), streak: 1, delayMs: 600_000 } });
    render(<PushesApp />);
    await screen.findByText(/^Read receipts paused until .+: the server asked to slow down\.$/);
  });

  it('without a token says what one would add, and offers no Stop watching', async () => {
    await configure('');
    await seedHistory([makePush({ urlToken: 'unwatched1' })]);
    render(<PushesApp />);
    await screen.findByText(/^With an API token, Pushgate tells you when a push made in this browser is opened/);
    expect(screen.queryByRole('button', { name: 'Stop watching' })).toBeNull();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { getDb } from '@/lib/db';
import { HISTORY_CHANNEL } from '@/lib/history/changes';
import { BASE_URL } from '@/test/support/pwpush-fixtures';
import { answerListsEmpty, configure, makePush, seedHistory } from './fixtures';

vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const rows = () => within(screen.getByRole('tabpanel')).queryAllByRole('row').slice(1);

/** Another Pushes tab: its own connection to the database and its own channel. */
async function otherTab(write: (history: IDBObjectStore) => void, change: string): Promise<void> {
  const db = await getDb();
  const tx = db.transaction('history', 'readwrite');
  write(tx.store as unknown as IDBObjectStore);
  await tx.done;
  const channel = new BroadcastChannel(HISTORY_CHANNEL);
  channel.postMessage({ change });
  channel.close();
}

describe('a Pushes tab follows what another tab did', () => {
  it('shows a push another tab expired as expired, with no Expire button left to press again', async () => {
    await configure('');
    await seedHistory([makePush({ urlToken: 'shared1', name: 'Shared', deletableByViewer: true })]);
    render(<PushesApp />);
    const row = await waitFor(() => {
      expect(rows()).toHaveLength(1);
      return rows()[0]!;
    });
    expect(within(row).queryByRole('button', { name: 'Expire' })).not.toBeNull();

    const entry = await (await getDb()).get('history', [BASE_URL, 'shared1']);
    await otherTab(
      (history) =>
        history.put({
          ...entry,
          expired: true,
          expiredAt: new Date().toISOString(),
          htmlUrl: '',
          checkedAt: Date.now(),
          checkedVia: 'expired-here',
        }),
      'expired',
    );

    await waitFor(() => expect(within(rows()[0]!).queryByRole('button', { name: 'Expire' })).toBeNull());
    expect(within(rows()[0]!).getAllByRole('cell')[7]!.textContent).toMatch(/^Expired/);
  });

  it('drops a push another tab forgot', async () => {
    await configure('');
    await seedHistory([makePush({ urlToken: 'kept1', name: 'Kept' }), makePush({ urlToken: 'gone1', name: 'Gone' })]);
    render(<PushesApp />);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await otherTab((history) => history.delete([BASE_URL, 'gone1']), 'forgotten');

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByRole('rowheader').textContent).toMatch(/^Kept/);
  });

  it('ignores a message that is not a change it knows', async () => {
    await configure('');
    await seedHistory([makePush({ urlToken: 'kept1', name: 'Kept' })]);
    render(<PushesApp />);
    await waitFor(() => expect(rows()).toHaveLength(1));

    await otherTab((history) => history.delete([BASE_URL, 'kept1']), '<script>');

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rows()).toHaveLength(1);
  });
});

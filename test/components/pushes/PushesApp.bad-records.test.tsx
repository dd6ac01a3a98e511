import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { getDb } from '@/lib/db';
import { answerListsEmpty, BASE_URL, configure, makePush, seedHistory } from './fixtures';

vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const rows = () => within(screen.getByRole('tabpanel')).queryAllByRole('row').slice(1);
const names = () => rows().map((row) => within(row).getByRole('rowheader').querySelector('.push-name')?.textContent);

/** A record as a good build writes it, then spoiled field by field, written straight into IndexedDB. */
function stored(urlToken: string, recordedAt: number, spoil: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    baseUrl: BASE_URL,
    urlToken,
    htmlUrl: `${BASE_URL}/p/${urlToken}/r`,
    kind: 'text',
    name: urlToken,
    createdAt: '2026-08-21T10:15:30.123Z',
    recordedAt,
    checkedAt: recordedAt,
    checkedVia: 'created',
    expireAfterDays: 7,
    expireAfterViews: 5,
    deletableByViewer: true,
    retrievalStep: false,
    passphraseProtected: false,
    expired: false,
    daysRemaining: 7,
    viewsRemaining: 5,
    ...spoil,
  };
}

async function putRaw(...records: Record<string, unknown>[]): Promise<void> {
  const db = await getDb();
  // Past the schema's types on purpose: an older build, a disk fault or a bug wrote these.
  for (const record of records) await db.put('history', record as never);
}

describe('one bad record in the history', () => {
  it('never blanks the table: a bad checkedAt shows no check time, the other rows all show', async () => {
    await configure('');
    await seedHistory([makePush({ urlToken: 'good1', name: 'Good one' })]);
    const now = Date.now();
    await putRaw(
      stored('badcheck', now + 1, { checkedAt: 1e20 }),
      stored('textcheck', now + 2, { checkedAt: 'yesterday', openedHereAt: 'soon' }),
      stored('badfields', now + 3, {
        name: 42,
        note: { html: '<b>x</b>' },
        kind: 'spaceship',
        createdAt: 12,
        expiredAt: 'never',
        daysRemaining: 'many',
        viewsRemaining: null,
        deletableByViewer: 'yes',
        htmlUrl: 7,
      }),
    );
    render(<PushesApp />);

    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(names()).toEqual(['Untitled', 'textcheck', 'badcheck', 'Good one']);
    expect(screen.queryByText(/could not be read/)).toBeNull();
    const bad = rows()[0]!;
    expect(within(bad).getAllByRole('cell')[1]!.textContent).toBe('unknown');
    expect(within(bad).getAllByRole('cell')[3]!.textContent).toBe('unknown');
  });

  it('lists a record without recordedAt (no index holds it) after the others, and skips one it cannot read with a note', async () => {
    await configure('');
    await seedHistory([makePush({ urlToken: 'good1', name: 'Good one' })]);
    const noRecorded = stored('norecord', 0);
    delete noRecorded.recordedAt;
    await putRaw(noRecorded, stored('nantime', Number.NaN), stored('', 5), { ...stored('numtoken', 6), urlToken: 12345 });
    render(<PushesApp />);

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(names()).toEqual(['Good one', 'nantime', 'norecord']);
    expect(await screen.findByText('2 entries of this browser’s history could not be read and are not listed.')).toBeTruthy();
  });
});

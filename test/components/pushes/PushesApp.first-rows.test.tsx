import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { getDb } from '@/lib/db';
import { entryFrom } from '@/lib/history/entries';
import { countDateFormatters } from '@/test/support/date-formatters';
import { countIdb } from '@/test/support/idb-reads';
import { answerListsEmpty, BASE_URL, configure, makePush } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const rows = () => within(screen.getByRole('tabpanel')).queryAllByRole('row').slice(1);

describe('opening the Pushes page with a long history', () => {
  it('reads the rows it shows, not the whole history (receipts included)', async () => {
    await configure('');
    const tx = (await getDb()).transaction('history', 'readwrite');
    for (let i = 0; i < 2_000; i++) {
      void tx.store.put(
        entryFrom(BASE_URL, makePush({ urlToken: `t${i}`, name: `Push ${i}` }), { kind: 'text', passphraseProtected: false }, i + 1),
      );
    }
    await tx.done;
    const counts = countIdb();
    render(<PushesApp />);
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(within(rows()[0]!).getByRole('rowheader').textContent).toMatch(/^Push 1999/);
    // Let every other read of the opening (receipts, attempts, the sweep) finish.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counts.records).toBeLessThan(200);
  });

  it('dates every row with the one formatter the page made', async () => {
    await configure('');
    const tx = (await getDb()).transaction('history', 'readwrite');
    for (let i = 0; i < 60; i++) {
      void tx.store.put(
        entryFrom(BASE_URL, makePush({ urlToken: `t${i}`, name: `Push ${i}` }), { kind: 'text', passphraseProtected: false }, i + 1),
      );
    }
    await tx.done;
    const formatters = countDateFormatters();
    render(<PushesApp />);
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows().every((row) => row.querySelector('time')?.textContent)).toBe(true);
    // Made once per page (this file's first test may have made it already), never once per row.
    expect(formatters.mock.calls.length).toBeLessThanOrEqual(1);
    formatters.mockRestore();
  });
});

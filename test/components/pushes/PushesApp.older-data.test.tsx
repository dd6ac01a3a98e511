import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { openDB } from 'idb';
import { PushesApp } from '@/components/pushes/PushesApp';
import { DB_NAME } from '@/lib/db';
import { answerListsEmpty, BASE_URL, configure } from './fixtures';

vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const rows = () => within(screen.getByRole('tabpanel')).queryAllByRole('row').slice(1);

describe('the Pushes page on an older build’s database', () => {
  it('upgrades a version 2 database and lists its entry as that build wrote it (no checkedVia)', async () => {
    await configure('');
    const recordedAt = Date.now() - 60_000;
    // The schema and an entry exactly as the first history build (version 2) wrote them.
    const old = await openDB(DB_NAME, 2, {
      upgrade(db) {
        db.createObjectStore('airports', { keyPath: 'baseUrl' });
        db.createObjectStore('waitBoards', { keyPath: ['baseUrl', 'iata'] });
        const history = db.createObjectStore('history', { keyPath: ['baseUrl', 'urlToken'] });
        history.createIndex('byRecordedAt', 'recordedAt');
        history.createIndex('byBaseUrl', ['baseUrl', 'recordedAt']);
      },
    });
    await old.put('history', {
      baseUrl: BASE_URL,
      urlToken: 'fromv2',
      htmlUrl: `${BASE_URL}/p/fromv2/r`,
      kind: 'text',
      name: 'Old build',
      createdAt: new Date(recordedAt).toISOString(),
      recordedAt,
      checkedAt: recordedAt,
      expireAfterDays: 7,
      expireAfterViews: 5,
      deletableByViewer: true,
      retrievalStep: true,
      passphraseProtected: false,
      expired: false,
      daysRemaining: 7,
      viewsRemaining: 5,
    });
    old.close();

    render(<PushesApp />);

    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = rows()[0]!;
    expect(within(row).getByRole('rowheader').textContent).toMatch(/^Old build/);
    expect(within(row).getAllByRole('cell')[7]!.textContent).toBe('Not checked (needs an API token)');
    expect(within(row).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});

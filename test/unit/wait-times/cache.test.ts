import { describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import type { Airport, Queue } from '@/lib/airport/types';
import { AIRPORT_LIST_MAX_AGE_MS, readAirportList, readBoard, readPanelCache, saveAirportList, saveBoard } from '@/lib/wait-times/cache';
import { DB_NAME, DB_VERSION, getDb, resetDbForTests } from '@/lib/db';

const BASE = 'https://api.swedavia.se';

const queue = (id: number, minutes: number, terminal: string | null = 'T5'): Queue => ({
  id,
  name: `Security ${id}`,
  minutes,
  isFastTrack: false,
  terminal,
  latitude: 59.65176,
  longitude: 17.93376,
  overflow: false,
  measuredAt: '2026-09-29T13:27:04Z',
});

const AIRPORTS: Airport[] = [
  { iata: 'ARN', name: 'Stockholm Arlanda', displayName: 'Stockholm Arlanda Airport', localDisplayName: 'Stockholm Arlanda Airport' },
  { iata: 'MMX', name: 'Malmö', displayName: 'Malmö Airport', localDisplayName: 'Malmö Airport' },
];

describe('lib/db', () => {
  it('creates the airports, waitBoards, history, attempts and claims stores', async () => {
    const db = await getDb();
    expect(db.name).toBe(DB_NAME);
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['airports', 'attempts', 'claims', 'history', 'waitBoards']);
  });

  it('shares one connection until reset', async () => {
    expect(await getDb()).toBe(await getDb());
    const first = await getDb();
    resetDbForTests();
    expect(await getDb()).not.toBe(first);
  });

  it('steps aside when a newer version of the extension upgrades the database', async () => {
    await getDb();
    // Without `blocking` closing the open connection, this upgrade would wait for ever.
    const next = await openDB(DB_NAME, DB_VERSION + 1, {
      upgrade(db, oldVersion) {
        expect(oldVersion).toBe(DB_VERSION);
        db.createObjectStore('future');
      },
    });
    expect([...next.objectStoreNames].sort()).toEqual(['airports', 'attempts', 'claims', 'future', 'history', 'waitBoards']);
    next.close();
    // The old code cannot open the newer database; the cache then reads as empty.
    await expect(getDb()).rejects.toThrow();
    expect(await readBoard(BASE, 'ARN')).toBeNull();
  });
});

describe('wait boards', () => {
  it('reads back what was saved, per base URL and airport', async () => {
    expect(await saveBoard(BASE, 'ARN', { queues: [queue(24, 2)], measuredAt: '2026-09-29T13:27:04Z', activeStations: 1 }, 1000)).toBe(
      true,
    );
    await saveBoard('http://127.0.0.1:1234', 'ARN', { queues: [queue(24, 30)], measuredAt: null }, 2000);

    expect(await readBoard(BASE, 'ARN')).toEqual({
      baseUrl: BASE,
      iata: 'ARN',
      queues: [queue(24, 2)],
      measuredAt: '2026-09-29T13:27:04Z',
      activeStations: 1,
      fetchedAt: 1000,
    });
    expect((await readBoard('http://127.0.0.1:1234', 'ARN'))!.queues[0]!.minutes).toBe(30);
    expect(await readBoard(BASE, 'BMA')).toBeNull();
  });

  it('treats a trailing slash and the code case as the same key', async () => {
    await saveBoard(`${BASE}/`, 'arn', { queues: [queue(5, 4)], measuredAt: null }, 1);
    expect((await readBoard(BASE, 'ARN'))!.iata).toBe('ARN');
    expect(await readBoard(` ${BASE}// `, 'Arn')).not.toBeNull();
  });

  it('replaces the previous board of the airport', async () => {
    await saveBoard(BASE, 'ARN', { queues: [queue(5, 4)], measuredAt: null }, 1);
    await saveBoard(BASE, 'ARN', { queues: [queue(5, 9), queue(6, 1)], measuredAt: null }, 2);
    const board = await readBoard(BASE, 'ARN');
    expect(board!.queues.map((q) => q.minutes)).toEqual([9, 1]);
    expect(board!.fetchedAt).toBe(2);
    expect(await (await getDb()).count('waitBoards')).toBe(1);
  });

  it('keeps nothing but the board fields', async () => {
    const extra = { ...queue(5, 4), key: 'primary-key-0001' } as Queue;
    await saveBoard(BASE, 'ARN', { queues: [extra], measuredAt: null, ...{ apiKey: 'secret' } }, 1);
    const stored = JSON.stringify(await (await getDb()).getAll('waitBoards'));
    expect(stored).not.toContain('secret');
    expect(stored).not.toContain('primary-key-0001');
    expect(Object.keys((await readBoard(BASE, 'ARN'))!).sort()).toEqual([
      'activeStations',
      'baseUrl',
      'fetchedAt',
      'iata',
      'measuredAt',
      'queues',
    ]);
  });

  it('reads as empty and saves as false when IndexedDB fails', async () => {
    vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    expect(await readBoard(BASE, 'ARN')).toBeNull();
    expect(await saveBoard(BASE, 'ARN', { queues: [], measuredAt: null })).toBe(false);
    expect(await readAirportList(BASE)).toBeNull();
    expect(await saveAirportList(BASE, AIRPORTS)).toBe(false);
  });
});

describe('airport list', () => {
  it('is fresh for a day after it was fetched, and still readable after', async () => {
    const fetchedAt = Date.UTC(2026, 8, 29, 12);
    await saveAirportList(BASE, AIRPORTS, fetchedAt);

    const soon = await readAirportList(BASE, fetchedAt + 60_000);
    expect(soon).toMatchObject({ baseUrl: BASE, airports: AIRPORTS, fetchedAt, fresh: true });
    expect((await readAirportList(BASE, fetchedAt + AIRPORT_LIST_MAX_AGE_MS - 1))!.fresh).toBe(true);

    const old = await readAirportList(BASE, fetchedAt + AIRPORT_LIST_MAX_AGE_MS);
    expect(old!.fresh).toBe(false);
    expect(old!.airports).toEqual(AIRPORTS);
  });

  it('counts a list from the future (clock turned back) as old', async () => {
    await saveAirportList(BASE, AIRPORTS, 10_000);
    expect((await readAirportList(BASE, 5_000))!.fresh).toBe(false);
  });

  it('is kept per base URL', async () => {
    await saveAirportList(BASE, AIRPORTS, 1);
    expect(await readAirportList('http://127.0.0.1:9')).toBeNull();
    expect((await readAirportList(`${BASE}/`))!.airports).toHaveLength(2);
  });

  it('keeps only the four airport fields', async () => {
    await saveAirportList(BASE, [{ ...AIRPORTS[0]!, extra: 'x' } as Airport], 1);
    expect((await readAirportList(BASE))!.airports).toEqual([AIRPORTS[0]]);
  });
});

describe('what the side panel shows first', () => {
  it('reads the board and the airport list in one transaction', async () => {
    await saveBoard(BASE, 'ARN', { queues: [queue(24, 2)], measuredAt: null }, 1000);
    await saveAirportList(BASE, AIRPORTS, 2000);
    const db = await getDb();
    const transaction = vi.spyOn(db, 'transaction');

    const cache = await readPanelCache(`${BASE}/`, 'arn', 3000);
    expect(cache.board).toMatchObject({ iata: 'ARN', fetchedAt: 1000, queues: [queue(24, 2)] });
    expect(cache.airportList).toMatchObject({ airports: AIRPORTS, fetchedAt: 2000, fresh: true });
    expect(transaction).toHaveBeenCalledOnce();
    expect(transaction).toHaveBeenCalledWith(['waitBoards', 'airports'], 'readonly');
  });

  it('without an airport or saved data: no board, and the list as saved', async () => {
    await saveAirportList(BASE, AIRPORTS, 1);
    expect(await readPanelCache(BASE, null, 2 + AIRPORT_LIST_MAX_AGE_MS)).toEqual({
      board: null,
      airportList: expect.objectContaining({ fresh: false }),
    });
    expect(await readPanelCache('http://127.0.0.1:9', 'ARN')).toEqual({ board: null, airportList: null });
  });

  it('reads as empty when IndexedDB fails', async () => {
    vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    expect(await readPanelCache(BASE, 'ARN')).toEqual({ board: null, airportList: null });
  });
});

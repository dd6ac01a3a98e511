import { describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import type { AirportBoard, Checkpoint } from '@/lib/airport/airport-board';
import { boardOfWaitTimes, checkpointOfQueue } from '@/lib/airport/sources/swedavia-board';
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

/** ARN's board from Swedavia's API with these queues. */
const board = (queues: Queue[], measuredAt: string | null = null, activeStations: number | null = null): AirportBoard =>
  boardOfWaitTimes('ARN', { queues, measuredAt, activeStations });

const AIRPORTS: Airport[] = [
  { iata: 'ARN', name: 'Stockholm Arlanda', displayName: 'Stockholm Arlanda Airport', localDisplayName: 'Stockholm Arlanda Airport' },
  { iata: 'MMX', name: 'Malmö', displayName: 'Malmö Airport', localDisplayName: 'Malmö Airport' },
];

describe('lib/db', () => {
  it('creates the airports, waitBoards, history, attempts, claims and readings stores', async () => {
    const db = await getDb();
    expect(db.name).toBe(DB_NAME);
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['airports', 'attempts', 'claims', 'history', 'readings', 'waitBoards']);
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
    expect([...next.objectStoreNames].sort()).toEqual(['airports', 'attempts', 'claims', 'future', 'history', 'readings', 'waitBoards']);
    next.close();
    // The old code cannot open the newer database; the cache then reads as empty.
    await expect(getDb()).rejects.toThrow();
    expect(await readBoard(BASE, 'ARN')).toBeNull();
  });
});

describe('wait boards', () => {
  it('reads back what was saved, per address and airport', async () => {
    expect(await saveBoard(BASE, board([queue(24, 2)], '2026-09-29T13:27:04Z', 1), 1000)).toBe(true);
    await saveBoard('http://127.0.0.1:1234', board([queue(24, 30)]), 2000);

    expect(await readBoard(BASE, 'ARN')).toEqual({
      baseUrl: BASE,
      iata: 'ARN',
      board: board([queue(24, 2)], '2026-09-29T13:27:04Z', 1),
      fetchedAt: 1000,
    });
    expect((await readBoard('http://127.0.0.1:1234', 'ARN'))!.board.checkpoints[0]!.wait).toEqual({ kind: 'minutes', minutes: 30 });
    expect(await readBoard(BASE, 'BMA')).toBeNull();
  });

  it('keeps a website feed’s board under its address, `{IATA}` and all', async () => {
    const web = 'https://www.swedavia.com/services/queuetimes/v2/airport/en/{IATA}/true';
    const cph = { ...board([queue(2, 12)]), source: 'cph' as const, iata: 'CPH', timeZone: 'Europe/Copenhagen' };
    await saveBoard(web, { ...board([queue(5, 3)]), source: 'swedavia-web' }, 10);
    await saveBoard('https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json', cph, 20);
    expect((await readBoard(web, 'ARN'))!.board.source).toBe('swedavia-web');
    expect((await readBoard('https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json', 'cph'))!.board).toEqual(cph);
    expect(await readBoard(BASE, 'ARN')).toBeNull();
  });

  it('treats a trailing slash and the code case as the same key', async () => {
    await saveBoard(`${BASE}/`, { ...board([queue(5, 4)]), iata: 'arn' }, 1);
    expect((await readBoard(BASE, 'ARN'))!.iata).toBe('ARN');
    expect(await readBoard(` ${BASE}// `, 'Arn')).not.toBeNull();
  });

  it('replaces the previous board of the airport', async () => {
    await saveBoard(BASE, board([queue(5, 4)]), 1);
    await saveBoard(BASE, board([queue(5, 9), queue(6, 1)]), 2);
    const saved = await readBoard(BASE, 'ARN');
    expect(saved!.board.checkpoints.map((c) => c.wait)).toEqual([
      { kind: 'minutes', minutes: 9 },
      { kind: 'minutes', minutes: 1 },
    ]);
    expect(saved!.fetchedAt).toBe(2);
    expect(await (await getDb()).count('waitBoards')).toBe(1);
  });

  it('keeps nothing but the board fields', async () => {
    const extra = { ...checkpointOfQueue(queue(5, 4)), key: 'primary-key-0001' } as Checkpoint;
    await saveBoard(BASE, { ...board([]), checkpoints: [extra], ...{ apiKey: 'secret' } }, 1);
    const stored = JSON.stringify(await (await getDb()).getAll('waitBoards'));
    expect(stored).not.toContain('primary-key-0001');
    expect(Object.keys((await readBoard(BASE, 'ARN'))!).sort()).toEqual(['baseUrl', 'board', 'fetchedAt', 'iata']);
  });

  it('reads a board an older version saved (Swedavia’s queues) as a board, so it shows at once after an update', async () => {
    await (await getDb()).put('waitBoards', {
      baseUrl: BASE,
      iata: 'ARN',
      queues: [queue(24, 47)],
      measuredAt: '2026-09-29T13:27:04Z',
      activeStations: 1,
      fetchedAt: 500,
    });
    expect(await readBoard(BASE, 'ARN')).toEqual({
      baseUrl: BASE,
      iata: 'ARN',
      board: board([queue(24, 47)], '2026-09-29T13:27:04Z', 1),
      fetchedAt: 500,
    });
    expect(board([queue(24, 47)]).checkpoints[0]!.wait).toEqual({ kind: 'at-least', minutes: 45 });
  });

  it('reads a record of no shape it knows as none', async () => {
    const db = await getDb();
    await db.put('waitBoards', { baseUrl: BASE, iata: 'ARN', board: { source: 'elsewhere' }, fetchedAt: 1 } as never);
    await db.put('waitBoards', { baseUrl: BASE, iata: 'BMA', queues: 'many', measuredAt: null, fetchedAt: 1 } as never);
    expect(await readBoard(BASE, 'ARN')).toBeNull();
    expect(await readBoard(BASE, 'BMA')).toBeNull();
  });

  it('reads as empty and saves as false when IndexedDB fails', async () => {
    vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    expect(await readBoard(BASE, 'ARN')).toBeNull();
    expect(await saveBoard(BASE, board([]))).toBe(false);
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
    await saveBoard(BASE, board([queue(24, 2)]), 1000);
    await saveAirportList(BASE, AIRPORTS, 2000);
    const db = await getDb();
    const transaction = vi.spyOn(db, 'transaction');

    const cache = await readPanelCache(`${BASE}/`, 'arn', BASE, 3000);
    expect(cache.board).toMatchObject({ iata: 'ARN', fetchedAt: 1000, board: board([queue(24, 2)]) });
    expect(cache.airportList).toMatchObject({ airports: AIRPORTS, fetchedAt: 2000, fresh: true });
    expect(transaction).toHaveBeenCalledOnce();
    expect(transaction).toHaveBeenCalledWith(['waitBoards', 'airports'], 'readonly');
  });

  it('without an airport or saved data: no board, and the list as saved', async () => {
    await saveAirportList(BASE, AIRPORTS, 1);
    expect(await readPanelCache(BASE, null, BASE, 2 + AIRPORT_LIST_MAX_AGE_MS)).toEqual({
      board: null,
      airportList: expect.objectContaining({ fresh: false }),
    });
    expect(await readPanelCache('http://127.0.0.1:9', 'ARN', 'http://127.0.0.1:9')).toEqual({ board: null, airportList: null });
  });

  it('reads a website feed’s board beside Swedavia’s list', async () => {
    const feed = 'https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json';
    await saveBoard(feed, { ...board([queue(2, 12)]), source: 'cph', iata: 'CPH', timeZone: 'Europe/Copenhagen' }, 1000);
    await saveAirportList(BASE, AIRPORTS, 2000);
    const cache = await readPanelCache(feed, 'CPH', BASE, 3000);
    expect([cache.board?.board.source, cache.airportList?.airports]).toEqual(['cph', AIRPORTS]);
  });

  it('reads as empty when IndexedDB fails', async () => {
    vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    expect(await readPanelCache(BASE, 'ARN', BASE)).toEqual({ board: null, airportList: null });
  });
});

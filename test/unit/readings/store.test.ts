import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import type { AirportBoard } from '@/lib/airport/airport-board';
import { DB_NAME, getDb, type QueueReading } from '@/lib/db';
import { recordReadings } from '@/lib/readings/record';
import { slotAt } from '@/lib/readings/slot';
import { forgetReadings, keepReadings, PRUNE_BATCH, pruneReadings, READINGS_MAX_AGE_MS, readingsIn } from '@/lib/readings/store';
import { historySettings } from '@/lib/settings';

const NOW = Date.parse('2026-09-29T05:20:00Z');
const DAY = 24 * 60 * 60_000;

/** A reading of CPH's Terminal 2 measured at `at`, in Copenhagen's slot of that moment. */
function reading(at: number, low = 10, high: number | null = 15, checkpoint = 't2'): QueueReading {
  return { source: 'cph', iata: 'CPH', checkpoint, ...slotAt(at, 'Europe/Copenhagen'), at, low, high };
}

async function all(): Promise<QueueReading[]> {
  return (await getDb()).getAll('readings');
}

describe('the readings store', () => {
  it('keeps one reading per checkpoint and quarter hour of a day: a later one in the same step replaces it', async () => {
    await keepReadings([reading(NOW - 4 * 60_000, 10, 15)], NOW);
    await keepReadings([reading(NOW, 5, 10)], NOW);
    await keepReadings([reading(NOW, 3, 3, 't3')], NOW);
    expect((await all()).map(({ checkpoint, low, high }) => [checkpoint, low, high])).toEqual([
      ['t2', 5, 10],
      ['t3', 3, 3],
    ]);
  });

  it('keeps the two instants of autumn’s repeated hour as one reading, the later one', async () => {
    const first = Date.parse('2026-10-25T00:35:00Z');
    const second = Date.parse('2026-10-25T01:35:00Z');
    await keepReadings([reading(first, 10, 15), reading(second, 20, 25)], second);
    expect(await all()).toEqual([expect.objectContaining({ date: '2026-10-25', step: 10, at: second, low: 20 })]);
  });

  it('does not keep a reading older than eight weeks', async () => {
    expect(await keepReadings([reading(NOW - READINGS_MAX_AGE_MS - 60_000)], NOW)).toBe(true);
    expect(await all()).toEqual([]);
  });

  it('prunes readings past eight weeks a batch at a time, oldest first, on each write', async () => {
    const old = Array.from({ length: PRUNE_BATCH + 50 }, (_, i) => reading(NOW - 40 * DAY - i * 15 * 60_000));
    await keepReadings(old, NOW);
    expect(await all()).toHaveLength(PRUNE_BATCH + 50);

    // Sixteen days later they are all past eight weeks: one write deletes one batch, the next the rest.
    const later = NOW + 17 * DAY;
    await keepReadings([reading(later)], later);
    expect(await all()).toHaveLength(51);
    await keepReadings([reading(later + 15 * 60_000)], later + 15 * 60_000);
    expect((await all()).map(({ at }) => at)).toEqual([later, later + 15 * 60_000]);
  });

  it('keeps at most the cap, deleting the oldest first', async () => {
    const readings = Array.from({ length: 12 }, (_, i) => reading(NOW - i * DAY));
    await keepReadings(readings, NOW);
    expect(await pruneReadings(NOW, PRUNE_BATCH, 10)).toBe(2);
    const kept = (await all()).map(({ at }) => at).sort((a, b) => a - b);
    expect(kept).toEqual(
      readings
        .slice(0, 10)
        .map(({ at }) => at)
        .sort((a, b) => a - b),
    );
    // Within the cap nothing more goes.
    expect(await pruneReadings(NOW, PRUNE_BATCH, 10)).toBe(0);
  });

  it('prunes at most a batch per call, so a write never walks the whole store', async () => {
    await keepReadings(
      Array.from({ length: 30 }, (_, i) => reading(NOW - i * DAY)),
      NOW,
    );
    expect(await pruneReadings(NOW, 5, 10)).toBe(5);
    expect(await all()).toHaveLength(25);
  });

  it('reads an airport’s readings in given slots, of any week, only from that source', async () => {
    const tuesday = Date.parse('2026-09-29T05:20:00Z');
    const lastTuesday = tuesday - 7 * DAY;
    const wednesday = tuesday + DAY;
    await keepReadings(
      [
        reading(tuesday),
        reading(lastTuesday, 5, 10),
        reading(wednesday),
        { ...reading(tuesday), source: 'swedavia-web' as const },
        { ...reading(tuesday), iata: 'OSL' },
      ],
      wednesday,
    );
    const found = await readingsIn('cph', 'cph', [{ weekday: 2, step: 29 }]);
    expect(found.map(({ at }) => at).sort()).toEqual([lastTuesday, tuesday].sort());
  });

  it('forgets every reading', async () => {
    await keepReadings([reading(NOW)], NOW);
    expect(await forgetReadings()).toBe(true);
    expect(await all()).toEqual([]);
  });

  it('keeps nothing while the person keeps no history, and a board’s readings otherwise', async () => {
    const board: AirportBoard = {
      source: 'cph',
      iata: 'CPH',
      timeZone: 'Europe/Copenhagen',
      checkpoints: [
        { id: 't2', name: 'Terminal 2', terminal: 'T2', fastTrack: false, wait: { kind: 'range', from: 10, to: 15 }, measuredAt: null },
      ],
      measuredAt: null,
      activeStations: null,
    };
    await historySettings.setValue({ keep: false, forgetExpiredAfterDays: 30 });
    expect(await recordReadings(board, NOW, NOW)).toBe(false);
    expect(await all()).toEqual([]);
    await historySettings.setValue({ keep: true, forgetExpiredAfterDays: 30 });
    expect(await recordReadings(board, NOW, NOW)).toBe(true);
    expect(await all()).toEqual([expect.objectContaining({ checkpoint: 't2', low: 10, high: 15, at: NOW })]);
  });
});

describe('the upgrade that adds the readings store', () => {
  it('adds it to a database of the previous version and keeps what that held', async () => {
    const old = await openDB(DB_NAME, 4, {
      upgrade(db) {
        db.createObjectStore('airports', { keyPath: 'baseUrl' });
        db.createObjectStore('waitBoards', { keyPath: ['baseUrl', 'iata'] });
        const history = db.createObjectStore('history', { keyPath: ['baseUrl', 'urlToken'] });
        history.createIndex('byRecordedAt', 'recordedAt');
        history.createIndex('byBaseUrl', ['baseUrl', 'recordedAt']);
        history.createIndex('byExpiredSince', 'expiredSince');
        db.createObjectStore('attempts', { keyPath: 'id' });
        db.createObjectStore('claims', { keyPath: 'digest' });
      },
    });
    await old.put('airports', { baseUrl: 'https://api.swedavia.se', airports: [], fetchedAt: 1 });
    old.close();

    const db = await getDb();
    expect(db.objectStoreNames.contains('readings')).toBe(true);
    const store = db.transaction('readings').store;
    expect([...store.indexNames].sort()).toEqual(['byAt', 'bySlot']);
    expect(await db.get('airports', 'https://api.swedavia.se')).toEqual({ baseUrl: 'https://api.swedavia.se', airports: [], fetchedAt: 1 });
    expect(await keepReadings([reading(NOW)], NOW)).toBe(true);
  });
});

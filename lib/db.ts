import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type StoreNames } from 'idb';
import type { AirportBoard, SourceId } from './airport/airport-board';
import type { Airport, Queue } from './airport/types';
import { openKeyOf } from './history/open-key';
import { withSweepKey } from './history/sweep-key';
import type { Claim, HistoryEntry, OpenKey, PushAttempt } from './records';

/**
 * The one IndexedDB database of the extension: public airport data (names, published wait times,
 * the readings kept of them) and this browser's push history, whose links open secrets (private,
 * like the browser's own history), with the pushes it is sending or may have made
 * (docs/exactly-once.md).
 * Never a key, token, payload or passphrase.
 *
 * To change the schema, raise `DB_VERSION` and add one `if (oldVersion < N)` step at the end of
 * `upgrade`; never edit an earlier step, because a browser that already ran it will not run it again.
 */

export const DB_NAME = 'pushgate';
export const DB_VERSION = 6;

/** The airport list of one API base URL, as last fetched. */
export interface CachedAirportList {
  baseUrl: string;
  airports: Airport[];
  /** `Date.now()` when the list was fetched. */
  fetchedAt: number;
}

/** The last good board of one airport from one address (the Airport API URL, or a website feed's address). */
export interface CachedBoard {
  /** Named so since the stores were made: the address the board came from. */
  baseUrl: string;
  /** Upper case, e.g. `ARN`. */
  iata: string;
  board: AirportBoard;
  /** `Date.now()` when the answer arrived. */
  fetchedAt: number;
}

/**
 * A board as versions before the website feeds saved it: Swedavia's queues. Read, not written
 * (lib/wait-times/cache.ts turns it into a board).
 */
export interface LegacyBoard {
  baseUrl: string;
  iata: string;
  queues: Queue[];
  measuredAt: string | null;
  activeStations?: number | null;
  fetchedAt: number;
}

/**
 * One reading of one checkpoint (lib/readings/): what "usual at this hour" is computed from, on
 * this machine only. Kept by the airport's own clock (its date, weekday and 15-minute step), one
 * per checkpoint and step of a day; at most 8 weeks old (lib/readings/store.ts).
 */
export interface QueueReading {
  source: SourceId;
  /** Upper case, e.g. `CPH`. */
  iata: string;
  /** The checkpoint's id within its source and airport (`Checkpoint.id`). */
  checkpoint: string;
  /** `YYYY-MM-DD` on the airport's clock. */
  date: string;
  /** 0 Sunday … 6 Saturday, on the airport's clock. */
  weekday: number;
  /** The quarter hour of the airport's day, 0 (00:00–00:14) … 95 (23:45–23:59). */
  step: number;
  /** When it was measured (`Date.now()` scale). */
  at: number;
  /** The wait's lower bound in minutes: the figure itself, or an interval's start. */
  low: number;
  /** Its upper bound; null where the feed gave none ("at least 45"). */
  high: number | null;
}

export interface PushgateSchema extends DBSchema {
  airports: { key: string; value: CachedAirportList };
  waitBoards: { key: [string, string]; value: CachedBoard | LegacyBoard };
  /** This browser's pushes (lib/history/entries.ts): links and expiry settings, never a payload or passphrase. */
  history: {
    key: [string, string];
    value: HistoryEntry;
    indexes: { byRecordedAt: number; byBaseUrl: [string, number]; byExpiredSince: number; byOpen: OpenKey };
  };
  /** Pushes being sent, or sent without a known outcome (lib/attempts/attempts.ts): what was asked for, never the secret. */
  attempts: { key: string; value: PushAttempt };
  /** Digests of the pushes this browser knows it made, and which attempt made each (lib/attempts/claims.ts). */
  claims: { key: string; value: Claim };
  /** Queue readings per checkpoint and quarter hour (lib/readings/store.ts): public figures, kept by the airport's clock. */
  readings: {
    key: [string, string, string, string, number];
    value: QueueReading;
    indexes: { bySlot: [string, string, number, number]; byAt: number };
  };
}

export type PushgateDb = IDBPDatabase<PushgateSchema>;

/**
 * The step that adds the queue readings (lib/readings/store.ts). Self-contained: it creates only
 * its own store, and only when missing, whatever step runs before it or under which number.
 */
function addReadingsStore(db: PushgateDb): void {
  if (db.objectStoreNames.contains('readings')) return;
  const readings = db.createObjectStore('readings', { keyPath: ['source', 'iata', 'checkpoint', 'date', 'step'] });
  readings.createIndex('bySlot', ['source', 'iata', 'weekday', 'step']);
  readings.createIndex('byAt', 'at');
}

let dbPromise: Promise<PushgateDb> | null = null;

/** Opens (and creates or upgrades) the database once per page; later calls share the connection. */
export function getDb(): Promise<PushgateDb> {
  dbPromise ??= openDB<PushgateSchema>(DB_NAME, DB_VERSION, {
    // A package makes only the stores of its purpose (build/packages.ts): each package is an extension
    // of its own, with a database of its own, so its steps never meet another package's.
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1 && import.meta.env.PUSHGATE_AIRPORT) {
        db.createObjectStore('airports', { keyPath: 'baseUrl' });
        db.createObjectStore('waitBoards', { keyPath: ['baseUrl', 'iata'] });
      }
      if (oldVersion < 2 && import.meta.env.PUSHGATE_SHARE) {
        const history = db.createObjectStore('history', { keyPath: ['baseUrl', 'urlToken'] });
        // Ordered by our own `recordedAt` number, not the server's `createdAt` string: a record
        // whose index key is missing or invalid silently drops out of an index, and ours never is.
        history.createIndex('byRecordedAt', 'recordedAt');
        history.createIndex('byBaseUrl', ['baseUrl', 'recordedAt']);
      }
      if (oldVersion < 3 && import.meta.env.PUSHGATE_SHARE) {
        db.createObjectStore('attempts', { keyPath: 'id' });
        db.createObjectStore('claims', { keyPath: 'digest' });
      }
      if (oldVersion < 4 && import.meta.env.PUSHGATE_SHARE) {
        const history = transaction.objectStore('history');
        history.createIndex('byExpiredSince', 'expiredSince');
        void keyExpiredEntries(history);
      }
      if (oldVersion < 5 && import.meta.env.PUSHGATE_SHARE) {
        const history = transaction.objectStore('history');
        history.createIndex('byOpen', 'openKey');
        void keyOpenEntries(history);
      }
      if (oldVersion < 6 && import.meta.env.PUSHGATE_AIRPORT) addReadingsStore(db);
    },
    // Another page (after an extension update) wants a newer version: let it upgrade, and
    // reopen with the new code next time instead of holding the old connection.
    blocking(_currentVersion, _blockedVersion, event) {
      (event.target as IDBDatabase).close();
      dbPromise = null;
    },
    // The browser closed the connection (storage cleared, disk trouble): reopen next time.
    terminated() {
      dbPromise = null;
    },
  }).catch((error: unknown) => {
    // A failed open (e.g. storage disabled) must not stick: the next call tries again.
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/**
 * Gives the expired entries an older build wrote their sweep key (lib/history/sweep-key.ts), once,
 * within the upgrade: from then on every write keeps it.
 */
async function keyExpiredEntries(
  history: IDBPObjectStore<PushgateSchema, ArrayLike<StoreNames<PushgateSchema>>, 'history', 'versionchange'>,
) {
  for (let cursor = await history.openCursor(); cursor; cursor = await cursor.continue()) {
    const entry = cursor.value;
    if (entry.expired === true) void cursor.update(withSweepKey(entry));
  }
}

/**
 * Gives the entries an older build wrote, that are not known to be expired, their key in the open
 * pushes' index (lib/history/open-key.ts), once, within the upgrade: from then on every write keeps it.
 * A record that is no entry (no instance or token to key it by) is left out, as the readers leave it out.
 */
async function keyOpenEntries(history: IDBPObjectStore<PushgateSchema, ArrayLike<StoreNames<PushgateSchema>>, 'history', 'versionchange'>) {
  for (let cursor = await history.openCursor(); cursor; cursor = await cursor.continue()) {
    const entry = cursor.value;
    if (entry.expired === true || typeof entry.baseUrl !== 'string' || typeof entry.urlToken !== 'string') continue;
    if ('purgeFiller' in entry) continue;
    void cursor.update({ ...entry, openKey: openKeyOf(entry) });
  }
}

/** Forgets the shared connection: tests give every test a fresh `IDBFactory`. */
export function resetDbForTests(): void {
  const previous = dbPromise;
  dbPromise = null;
  void previous?.then((db) => db.close()).catch(() => undefined);
}

import { browser } from 'wxt/browser';

/**
 * Typed settings over `browser.storage`, with the `storage.defineItem(key, { fallback, version })`
 * surface of `@wxt-dev/storage` that lib/settings uses, and nothing else. The library itself was
 * tried and measured: it reads every item once when the item is defined (a round trip to the
 * browser per setting on every page's start) and it doubled the popup's heap (docs/performance.md,
 * rule 3).
 *
 * Stored data stays what `@wxt-dev/storage` reads and writes: the value under the key without
 * its area prefix (`local:instanceUrl` → `instanceUrl` in `storage.local`), removed when set to
 * null. Its version metadata (`instanceUrl$`) is only ever written by a migration, and no item
 * declares one, so neither library writes it; a future migration can still use `@wxt-dev/storage`,
 * which reads a missing `v` as version 1.
 *
 * A setting an organisation may set (./managed-item.ts) says which other `local` key it reads (the
 * policy's copy) and how the value in force follows from both: `getItems` reads that key in the same
 * round trip and hands each such item what it read.
 */

type Area = 'local' | 'session' | 'sync' | 'managed';
export type StorageItemKey = `${Area}:${string}`;

export interface StorageItemOptions<T> {
  fallback: T;
  /** Accepted for the stored format's sake (see above); only 1 exists. */
  version?: 1;
}

export interface StorageItem<T> {
  readonly key: StorageItemKey;
  readonly fallback: T;
  getValue(): Promise<T>;
  /** `null` removes the value, as in `@wxt-dev/storage`. */
  setValue(value: T | null): Promise<void>;
  removeValue(): Promise<void>;
  /** Calls `callback` when the stored value really changes (fallback for a removed value); returns the unwatch. */
  watch(callback: (newValue: T, oldValue: T) => void): () => void;
  /** A managed setting: the other `local` key it reads, and its value in force from the stored one and that read. */
  readonly inForce?: { key: string; value(stored: T, local: Record<string, unknown>): T };
}

/**
 * One item: its methods live on the class, shared by every item, not made as closures per item:
 * every page defines the items of the settings it imports when it starts.
 */
class Item<T> implements StorageItem<T> {
  readonly key: StorageItemKey;
  readonly fallback: T;
  private readonly areaName: Area;
  private readonly name: string;

  constructor(key: StorageItemKey, fallback: T) {
    const split = key.indexOf(':');
    this.key = key;
    this.fallback = fallback;
    this.areaName = key.slice(0, split) as Area;
    this.name = key.slice(split + 1);
  }

  /** Looked up on each call: pages on Chrome before 148 swap `browser` for the polyfill after start. */
  private area() {
    return browser.storage[this.areaName];
  }

  async getValue(): Promise<T> {
    const stored = (await this.area().get(this.name))[this.name] as T | undefined | null;
    return stored ?? this.fallback;
  }

  async setValue(value: T | null): Promise<void> {
    if (value == null) await this.area().remove(this.name);
    else await this.area().set({ [this.name]: value });
  }

  async removeValue(): Promise<void> {
    await this.area().remove(this.name);
  }

  watch(callback: (newValue: T, oldValue: T) => void): () => void {
    const { name, fallback } = this;
    const listener = (changes: Record<string, { newValue?: unknown; oldValue?: unknown }>) => {
      const change = changes[name];
      // A write of the same value still fires onChanged in Chrome; @wxt-dev/storage skips it too.
      if (!change || sameJson(change.newValue, change.oldValue)) return;
      callback((change.newValue as T | undefined) ?? fallback, (change.oldValue as T | undefined) ?? fallback);
    };
    this.area().onChanged.addListener(listener);
    return () => this.area().onChanged.removeListener(listener);
  }
}

function defineItem<T>(key: StorageItemKey, { fallback }: StorageItemOptions<T>): StorageItem<T> {
  return new Item(key, fallback);
}

/** Deep equality of two values as storage holds them (JSON: no dates, maps or cycles). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Writes several items at once: one `set` per storage area, so a listener never sees some of the
 * values new and others old (e.g. a new Airport API URL next to keys meant for the old one).
 */
async function setItems(entries: { item: StorageItem<unknown>; value: unknown }[]): Promise<void> {
  const byArea = new Map<Area, Record<string, unknown>>();
  for (const { item, value } of entries) {
    const split = item.key.indexOf(':');
    const areaName = item.key.slice(0, split) as Area;
    byArea.set(areaName, { ...byArea.get(areaName), [item.key.slice(split + 1)]: value });
  }
  await Promise.all([...byArea].map(([areaName, values]) => browser.storage[areaName].set(values)));
}

type ValueOf<Item> = Item extends StorageItem<infer Value> ? Value : never;

/** Several items in one round trip per storage area, each with its fallback, typed as `getValue()`. */
async function getItems<const Items extends readonly StorageItem<unknown>[]>(
  items: Items,
): Promise<{ [K in keyof Items]: ValueOf<Items[K]> }> {
  const names = new Map<Area, string[]>();
  const read = (areaName: Area, name: string) => names.set(areaName, [...(names.get(areaName) ?? []), name]);
  const places = items.map(({ key, inForce }) => {
    const split = key.indexOf(':');
    const areaName = key.slice(0, split) as Area;
    const name = key.slice(split + 1);
    read(areaName, name);
    if (inForce) read('local', inForce.key);
    return { areaName, name };
  });
  const areas = [...names.keys()];
  const stored = await Promise.all(areas.map((areaName) => browser.storage[areaName].get(names.get(areaName)!)));
  const byArea = new Map(areas.map((areaName, i) => [areaName, stored[i] as Record<string, unknown>]));
  return places.map(({ areaName, name }, i) => {
    const { fallback, inForce } = items[i]!;
    const value = byArea.get(areaName)![name] ?? fallback;
    return inForce ? inForce.value(value, byArea.get('local')!) : value;
  }) as {
    [K in keyof Items]: ValueOf<Items[K]>;
  };
}

/** The `storage` of `wxt/utils/storage`, as far as settings use it. */
export const storage = { defineItem, getItems, setItems };

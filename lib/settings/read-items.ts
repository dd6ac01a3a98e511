import { storage, type WxtStorageItem } from 'wxt/utils/storage';

type ValueOf<Item> = Item extends WxtStorageItem<infer Value, any> ? Value : never;

/**
 * Several settings in one read per storage area, each with its fallback, typed as their
 * `getValue()`: what a page opens with is one round trip to the browser, not one per setting.
 */
export async function readItems<const Items extends readonly WxtStorageItem<any, any>[]>(
  items: Items,
): Promise<{ [K in keyof Items]: ValueOf<Items[K]> }> {
  const read = await storage.getItems([...items]);
  return read.map(({ value }) => value) as { [K in keyof Items]: ValueOf<Items[K]> };
}

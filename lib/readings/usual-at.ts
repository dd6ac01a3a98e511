import type { SourceId } from '../airport/airport-board';
import { type DatedSlot, slotAt, slotWindow } from './slot';
import { readingsIn } from './store';
import { type Usual, usualByCheckpoint } from './usual';

/**
 * What the side panel asks, after its first paint (docs/performance.md, rule 4): the usual wait of
 * each checkpoint of an airport at a moment's quarter hour and its neighbours, from the readings
 * kept. Loaded on demand, so neither this nor the store is in the panel's first script.
 */

export interface UsualAt {
  /** The quarter hour it is for, on the airport's clock. */
  slot: DatedSlot;
  /** By checkpoint id; a checkpoint with fewer than three readings there has none. */
  byCheckpoint: Map<string, Usual>;
}

export async function usualAt(source: SourceId, iata: string, at: number, timeZone: string): Promise<UsualAt> {
  const slot = slotAt(at, timeZone);
  return { slot, byCheckpoint: usualByCheckpoint(await readingsIn(source, iata, slotWindow(slot))) };
}

import { paintSavedPanel } from './first-paint';
import { readPaintSnapshot, sameSnapshot, snapshotOf, startOfSnapshot, writePaintSnapshot, type PaintSnapshot } from '../../lib/wait-times/snapshot';
import type { PanelStart } from '../../lib/wait-times/panel-start';

/**
 * The side panel's first paint in two steps (entrypoints/sidepanel/main.ts): the board of the
 * paint cache at once (./paint-snapshot), then, when the settings and IndexedDB have been read,
 * that drawing checked against what the read says, corrected when it differs, and the cache
 * brought up to date. Both drawings are ./first-paint's, inert until the components take over.
 */

/**
 * Draws the saved snapshot, synchronously. @returns the snapshot drawn, or null when none was
 * usable (nothing is drawn then).
 */
export function paintSnapshot(app: HTMLElement, lang: string): PaintSnapshot | null {
  const snapshot = readPaintSnapshot(lang);
  if (!snapshot) return null;
  try {
    if (paintSavedPanel(app, startOfSnapshot(snapshot))) return snapshot;
  } catch {
    // Drawn from data this code did not expect: the read draws instead.
  }
  app.replaceChildren();
  return null;
}

/**
 * After the read: keeps a drawing that is what the read would draw, else draws the read's saved
 * board (or nothing, for the components to show the panel), and saves the snapshot of the read,
 * or removes it when the read has no board to draw (not set up, nothing saved for that airport).
 * `painted` is the snapshot drawn by paintSnapshot; without one, draws only into an empty `app`
 * (the components were quicker otherwise).
 */
export function settleFirstPaint(app: HTMLElement, start: PanelStart, painted: PaintSnapshot | null, lang: string): void {
  const read = snapshotOf({ ...start, airports: start.airportList?.airports ?? null }, lang);
  if (painted && sameSnapshot(painted, read)) return;
  if (painted) {
    if (!paintSavedPanel(app, start)) app.replaceChildren();
  } else if (!app.firstChild) {
    paintSavedPanel(app, start);
  }
  writePaintSnapshot(read);
}

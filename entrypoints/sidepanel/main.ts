import './style.css';
import { browser } from 'wxt/browser';
import { paintSnapshot, settleFirstPaint } from '@/components/airport/early-paint';

// This script holds only what draws the saved board (build/page-chunks.ts). The read of the
// settings and the saved board is asked for at once, on demand: its module is the one the panel's
// components take the read from. Meanwhile the paint cache (a snapshot of the last board in localStorage, read without
// waiting) is drawn at once as plain DOM; when the read arrives, that drawing is checked against it
// (or, without a snapshot, the read's board is drawn). The components arrive meanwhile (on demand)
// and take that DOM over (bench/results.md, "Side panel saved wait times").
const app = document.getElementById('app')!;
const lang = browser.i18n.getUILanguage();
// Asked for first, so it is fetched while the board is drawn: all of this runs in one task, and
// the board reaches the screen at its end whatever the order.
const panel = import('./panel');
const reading = import('@/components/airport/panel-start').then((start) => start.readPanelStartEarly());
const painted = paintSnapshot(app, lang);
const settled = reading.then((start) => settleFirstPaint(app, start, painted, lang));
void panel.then(async ({ showPanel }) => {
  // A drawn snapshot is checked before the components take it over: they never take over a board the read corrects.
  if (painted) await settled.catch(() => undefined);
  showPanel();
});

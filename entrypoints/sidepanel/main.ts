import './style.css';
import { browser } from 'wxt/browser';
import { paintSnapshot, settleFirstPaint } from '@/components/sidepanel/early-paint';

// This script holds only what draws the saved board (build/page-chunks.ts). The paint cache (a
// snapshot of the last board in localStorage, read without waiting) is drawn at once as plain DOM.
// The read of the settings and the saved board is loaded on demand: its module is the one the
// panel's components take the read from. When the read arrives, the drawing is checked against it
// (or, without a snapshot, the read's board is drawn). The components arrive meanwhile (on demand)
// and take that DOM over (bench/results.md, "Side panel saved wait times").
const app = document.getElementById('app')!;
const lang = browser.i18n.getUILanguage();
const painted = paintSnapshot(app, lang);

function loadThePanel(): void {
  const panel = import('./panel');
  const reading = import('@/lib/wait-times/panel-start').then((start) => start.readPanelStartEarly());
  const settled = reading.then((start) => settleFirstPaint(app, start, painted, lang));
  void panel.then(async ({ showPanel }) => {
    // A drawn snapshot is checked before the components take it over: they never take over a board the read corrects.
    if (painted) await settled.catch(() => undefined);
    showPanel();
  });
}

// Asking for a module on demand puts a preload link in the page for each file it needs: 6–12 ms
// of this thread on the bench's machine, before the board could reach the screen. With a board
// drawn, they wait for the frame that shows it; without one, nothing is on screen to wait for.
if (painted) {
  let asked = false;
  const askOnce = () => {
    if (!asked) loadThePanel();
    asked = true;
  };
  requestAnimationFrame(() => setTimeout(askOnce));
  // No frame comes while the page is hidden.
  setTimeout(askOnce, 100);
} else {
  loadThePanel();
}

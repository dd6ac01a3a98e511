import './style.css';
import { paintSavedPanel } from '@/components/airport/first-paint';
import { readPanelStartEarly } from '@/components/airport/panel-start';

// The settings and the saved board are read before Preact and the panel's components are even
// fetched; the saved board is drawn as plain DOM as soon as it is read; the components arrive
// meanwhile (on demand) and take that DOM over (bench/results.md, "Side panel saved wait times").
const app = document.getElementById('app')!;
void readPanelStartEarly().then((start) => {
  // The components were quicker (a slow read): they show the panel themselves.
  if (!app.firstChild) paintSavedPanel(app, start);
});
void import('./panel').then(({ showPanel }) => showPanel());

import '@/components/theme.css';
import '@/components/airport/airport.css';
import { readPanelStartEarly } from '@/components/airport/panel-start';

// The settings and the saved board are read before the panel's code is even fetched: this module
// and its few imports (settings, the database) come first, Preact and the components on demand,
// in parallel with the reads (bench/results.md, "Side panel saved wait times").
readPanelStartEarly();
void import('./panel').then(({ showPanel }) => showPanel());

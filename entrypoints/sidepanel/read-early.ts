import { readPanelStartEarly } from '@/components/airport/panel-start';

// Imported first by main.tsx, so this runs before Preact and the components are evaluated:
// IndexedDB opens and the settings are read meanwhile.
readPanelStartEarly();

import './style.css';
import { displayLocale } from '@/lib/i18n';
import { mountPage } from '@/components/mount-page';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { readPanelStart } from '@/lib/wait-times/panel-start';
import { readPaintSnapshot, startOfSnapshot } from '@/lib/wait-times/snapshot';

// The read of the settings and IndexedDB starts first; the last board is drawn meanwhile from the
// paint snapshot, which localStorage gives without waiting (lib/wait-times/snapshot.ts).
const reading = readPanelStart();
const snapshot = readPaintSnapshot(displayLocale());
mountPage('sidepanelTitle', <SidePanelApp snapshot={snapshot && startOfSnapshot(snapshot)} reading={reading} />);

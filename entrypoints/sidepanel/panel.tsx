import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { mountPage } from '@/components/mount-page';

/** Loaded on demand by ./main.ts, once the reads for the first paint have started. */
export function showPanel(): void {
  mountPage('sidepanelTitle', <SidePanelApp />);
}

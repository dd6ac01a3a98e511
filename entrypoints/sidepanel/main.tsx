// First: starts reading the settings and the saved board while the rest of the code loads.
import './read-early';
import { render } from 'preact';
import '@/components/theme.css';
import { SidePanelApp } from '@/components/airport/SidePanelApp';
import { localizeDocument } from '@/lib/i18n';
import { browserReady } from '@/lib/browser-namespace';

void browserReady.then(() => {
  localizeDocument('sidepanelTitle');
  render(<SidePanelApp />, document.getElementById('app')!);
});

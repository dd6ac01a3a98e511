import { render } from 'preact';
import '@/components/theme.css';
import { SidePanelApp } from '@/components/airport/SidePanelApp';
import { localizeDocument } from '@/lib/i18n';

localizeDocument('sidepanelTitle');
render(<SidePanelApp />, document.getElementById('app')!);

import { render } from 'preact';
import '@/components/theme.css';
import { SidePanelApp } from '@/components/airport/SidePanelApp';
import { t } from '@/lib/i18n';

document.title = t('sidepanelTitle');
render(<SidePanelApp />, document.getElementById('app')!);

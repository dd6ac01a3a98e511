import { render } from 'preact';
import '@/components/theme.css';
import '@/components/pushes/pushes.css';
import { PushesApp } from '@/components/pushes/PushesApp';
import { t } from '@/lib/i18n';

document.title = t('pushesTitle');
render(<PushesApp />, document.getElementById('app')!);

import { render } from 'preact';
import { PopupApp } from '@/components/popup/PopupApp';
import '@/components/theme.css';
import './style.css';
import { localizeDocument } from '@/lib/i18n';

localizeDocument('extName');
render(<PopupApp />, document.getElementById('app')!);

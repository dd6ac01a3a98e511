import { render } from 'preact';
import { PopupApp } from '@/components/popup/PopupApp';
import '@/components/theme.css';
import './style.css';

render(<PopupApp />, document.getElementById('app')!);

import { render } from 'preact';
import '@/components/theme.css';
import { OptionsPage } from '@/components/options/OptionsPage';

render(<OptionsPage />, document.getElementById('app')!);

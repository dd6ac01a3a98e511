import { render } from 'preact';
import '@/components/theme.css';
import { OptionsPage } from '@/components/options/OptionsPage';
import { localizeDocument } from '@/lib/i18n';
import { browserReady } from '@/lib/browser-namespace';

void browserReady.then(() => {
  localizeDocument('optionsHeading');
  render(<OptionsPage />, document.getElementById('app')!);
});

import { render } from 'preact';
import '@/components/theme.css';
import '@/components/pushes/pushes.css';
import { PushesApp } from '@/components/pushes/PushesApp';
import { localizeDocument } from '@/lib/i18n';
import { browserReady } from '@/lib/browser-namespace';

void browserReady.then(() => {
  localizeDocument('pushesTitle');
  render(<PushesApp />, document.getElementById('app')!);
});

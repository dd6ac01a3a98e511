import { render, type VNode } from 'preact';
import { browserReady } from '@/lib/browser/namespace';
import { localizeDocument } from '@/lib/i18n';

/**
 * Shows an extension page: its title and language from `_locales`, then its app in `#app`. Waits
 * for `browserReady` first, which is at once except on Chrome before 148 (lib/browser/namespace.ts).
 */
export function mountPage(titleKey: string, app: VNode): void {
  void browserReady.then(() => {
    localizeDocument(titleKey);
    render(app, document.getElementById('app')!);
  });
}

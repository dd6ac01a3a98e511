import { browser } from 'wxt/browser';

/** The page the person is looking at while the popup is open. */
export interface TargetTab {
  id: number;
  /** Present when the popup may see it (`activeTab` is granted by the toolbar click). */
  url?: string;
}

/**
 * Finds the active tab of the last focused window. `tabs.query({ currentWindow })` is not used:
 * when the popup is opened as a tab, the "current" window is the popup's own. Nor is
 * `windows.getLastFocused`: one `tabs` call answers, and the `windows` namespace would add to the
 * popup's heap (docs/performance.md, rule 6). The extension's own pages are never a target: when
 * the popup itself is the active tab, there is no page to read from.
 */
export async function getTargetTab(): Promise<TargetTab | null> {
  try {
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    if (!tab || tab.id === undefined || isExtensionPage(tab.url)) return null;
    return { id: tab.id, url: tab.url };
  } catch {
    // No window is open (e.g. only a devtools window).
    return null;
  }
}

/** A page of this extension: the caller's own origin (not `runtime.getURL`, which builds the whole runtime namespace in the popup). */
function isExtensionPage(url: string | undefined): boolean {
  if (!url) return false;
  return url.startsWith(`${location.origin}/`);
}

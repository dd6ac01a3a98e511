import { browser } from 'wxt/browser';

/**
 * Opening the side panel from the popup. Both browsers accept it only inside a user gesture,
 * and the gesture ends at the first `await`: so the window id is fetched ahead (when the popup
 * mounts) and `open` is called synchronously from the click handler.
 */

interface ChromeSidePanel {
  open(options: { windowId: number }): Promise<void>;
}
interface FirefoxSidebarAction {
  open(): Promise<void>;
}

let windowId: number | undefined;

/**
 * Fetches the popup's window id (the window of the last focused tab: the popup's own); call when
 * the popup mounts. From `tabs`, which the popup asks anyway: the `windows` namespace would add
 * to its heap (docs/performance.md, rule 6). Resolves the id, or undefined.
 */
export async function rememberCurrentWindow(): Promise<number | undefined> {
  try {
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    windowId = tab?.windowId;
  } catch {
    windowId = undefined;
  }
  return windowId;
}

/**
 * Opens the wait-time side panel (Chrome `sidePanel`, Firefox `sidebarAction`). Call it
 * directly in the click handler, before any `await`. Without either API, or before the window
 * id is known, the panel page opens in a tab instead. Resolves true when the panel opened.
 */
export function openSidePanel(): Promise<boolean> {
  const api = browser as unknown as { sidePanel?: ChromeSidePanel; sidebarAction?: FirefoxSidebarAction };
  try {
    if (api.sidebarAction) return api.sidebarAction.open().then(() => true, openInTab);
    if (api.sidePanel && windowId !== undefined) return api.sidePanel.open({ windowId }).then(() => true, openInTab);
  } catch {
    // An API that throws instead of rejecting (no gesture in some versions): fall through to the tab.
  }
  return openInTab();
}

async function openInTab(): Promise<boolean> {
  await browser.tabs.create({ url: browser.runtime.getURL('/sidepanel.html') });
  return false;
}

/**
 * Chrome's side panel on or off for every tab: off when the organisation switched the airport wait
 * times off (lib/settings/managed.ts). Firefox has no such switch for its sidebar: there the popup
 * and the first run simply offer no way to it (components/popup/show-policy.ts).
 */
export async function enableSidePanel(enabled: boolean): Promise<void> {
  const api = browser as unknown as { sidePanel?: { setOptions(options: { enabled: boolean }): Promise<void> } };
  try {
    await api.sidePanel?.setOptions({ enabled });
  } catch {
    // A browser without the option: the panel's page says it is off.
  }
}

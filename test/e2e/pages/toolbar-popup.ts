import type { CDPSession } from 'playwright-core';
import { eventually, type ExtensionBrowser } from '../support/browser';

/**
 * The real toolbar popup, opened with `action.openPopup()`. Playwright does not list extension
 * popups as pages, so this drives it over the DevTools protocol: Playwright's CDP session cannot
 * address flattened child sessions, hence the (non-flat) `Target.sendMessageToTarget` route.
 */
export class ToolbarPopup {
  private nextId = 1;
  private readonly pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();

  private constructor(
    private readonly cdp: CDPSession,
    private readonly sessionId: string,
  ) {
    cdp.on('Target.receivedMessageFromTarget', ({ sessionId: from, message }) => {
      if (from !== this.sessionId) return;
      const parsed = JSON.parse(message);
      this.pending.get(parsed.id)?.(parsed);
      this.pending.delete(parsed.id);
    });
  }

  static async open(extension: ExtensionBrowser): Promise<ToolbarPopup> {
    const cdp = await extension.context.browser()!.newBrowserCDPSession();
    const worker = await extension.worker();
    await worker.evaluate(() => chrome.action.openPopup());
    const target = await eventually(async () => {
      const { targetInfos } = await cdp.send('Target.getTargets');
      return targetInfos.find((t) => t.url.endsWith('/popup.html'));
    }).then((found) => found!);
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    return new ToolbarPopup(cdp, sessionId);
  }

  /** Runs `expression` in the popup and returns its (awaited) value; `userGesture` as a click would (APIs that need one). */
  async evaluate<T>(expression: string, { userGesture = false } = {}): Promise<T> {
    const id = this.nextId++;
    const answer = new Promise<{ result?: unknown; error?: unknown }>((resolve) => this.pending.set(id, resolve));
    const params = { expression, awaitPromise: true, returnByValue: true, userGesture };
    const message = JSON.stringify({ id, method: 'Runtime.evaluate', params });
    await this.cdp.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message });
    const { result, error } = await answer;
    const { result: value, exceptionDetails } = (result ?? {}) as { result?: { value: T }; exceptionDetails?: unknown };
    if (error || exceptionDetails) throw new Error(`popup script failed: ${JSON.stringify(error ?? exceptionDetails)}`);
    return value!.value;
  }

  /** Waits until `expression` is truthy in the popup, and returns it. */
  async waitFor<T>(expression: string, timeoutMs = 5000): Promise<T> {
    return eventually(() => this.evaluate<T>(expression), { timeoutMs });
  }

  async close(): Promise<void> {
    await this.evaluate('window.close(), true').catch(() => undefined);
    await this.cdp.detach();
  }
}

// A DevTools target that Playwright does not list, such as the toolbar popup, driven through the
// browser session. Playwright's CDP sessions cannot address flattened child sessions, so this
// uses the non-flat `Target.sendMessageToTarget` route (as test/e2e/pages/toolbar-popup.ts does).
export class DetachedTarget {
  #nextId = 1;
  #pending = new Map();
  #listener;

  constructor(cdp, targetId, sessionId) {
    this.cdp = cdp;
    this.targetId = targetId;
    this.sessionId = sessionId;
    this.#listener = ({ sessionId: from, message }) => {
      if (from !== this.sessionId) return;
      const parsed = JSON.parse(message);
      this.#pending.get(parsed.id)?.(parsed);
      this.#pending.delete(parsed.id);
    };
    cdp.on('Target.receivedMessageFromTarget', this.#listener);
  }

  /** Attaches to `targetId` (non-flat). */
  static async attach(cdp, targetId) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
    return new DetachedTarget(cdp, targetId, sessionId);
  }

  /** Sends one DevTools command to the target and returns its result. */
  async send(method, params = {}) {
    const id = this.#nextId++;
    const answer = new Promise((resolve) => this.#pending.set(id, resolve));
    await this.cdp.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method, params }) });
    const { result, error } = await answer;
    if (error) throw new Error(`${method}: ${JSON.stringify(error)}`);
    return result;
  }

  /** Evaluates `expression` in the page and returns its (awaited) value. */
  async evaluate(expression) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`script failed: ${JSON.stringify(exceptionDetails)}`);
    return result.value;
  }

  /**
   * A left click at the centre of the visible part of the first element matching `selector`, as
   * a person's (DevTools input events). Headless Chromium sometimes shows a toolbar popup
   * narrower than its content (280 px wide for a 360 px layout): a click at the element's centre
   * would then land outside the window.
   */
  async click(selector) {
    const centre = await this.evaluate(`(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (!element) return null;
      let r = element.getBoundingClientRect();
      if (r.left >= innerWidth || r.top >= innerHeight) { element.scrollIntoView({ block: 'nearest', inline: 'nearest' }); r = element.getBoundingClientRect(); }
      const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth), top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
      return { x: (left + right) / 2, y: (top + bottom) / 2 };
    })()`);
    if (!centre) throw new Error(`nothing to click: ${selector}`);
    for (const type of ['mousePressed', 'mouseReleased']) {
      await this.send('Input.dispatchMouseEvent', { type, ...centre, button: 'left', clickCount: 1 });
    }
  }

  /** Closes the page and waits until it is gone (a toolbar popup cannot open while one is closing). */
  async close() {
    await this.evaluate('window.close(), true').catch(() => undefined);
    this.cdp.off('Target.receivedMessageFromTarget', this.#listener);
    await this.cdp.send('Target.detachFromTarget', { sessionId: this.sessionId }).catch(() => undefined);
    for (let tries = 0; tries < 400; tries++) {
      const { targetInfos } = await this.cdp.send('Target.getTargets');
      if (!targetInfos.some((t) => t.targetId === this.targetId)) return;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error('the popup did not close');
  }
}

import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { cloneKeepingFiles } from './extension-worker';

type Port = Browser.runtime.Port;
type Listener<T extends unknown[]> = (...args: T) => void;

/** An event with `addListener` and friends, and `fire` for this file. */
function event<T extends unknown[]>() {
  const listeners = new Set<Listener<T>>();
  return {
    addListener: (listener: Listener<T>) => void listeners.add(listener),
    removeListener: (listener: Listener<T>) => void listeners.delete(listener),
    hasListener: (listener: Listener<T>) => listeners.has(listener),
    hasListeners: () => listeners.size > 0,
    fire: (...args: T) => {
      for (const listener of [...listeners]) listener(...args);
    },
  };
}

export interface FakePorts {
  /** Every port the pages opened, the opener's end. */
  opened: Port[];
  /** Where the next `runtime.connect` comes from (a page path, or a full sender). */
  connectFrom(sender: string | Browser.runtime.MessageSender): void;
  /** Closes every open port, as a stopped worker or a closed page would. */
  disconnectAll(): void;
  /** Messages are cloned as Firefox clones them (structured clone: a `File` stays a `File`), not as JSON as in Chrome. */
  cloneLikeFirefox(): void;
}

/**
 * `runtime.connect` and `runtime.onConnect` as Chrome has them, which the fake browser does not:
 * a pair of ends, the receiving end carries the opener as `sender` (the popup unless
 * `connectFrom` says otherwise), messages arrive a microtask later, in order, copied as JSON (as in
 * Chrome, unless `cloneLikeFirefox`), and a disconnect
 * reaches the other end. Called by test/setup.ts before each test; the ports of the test before
 * are closed first, so no module keeps one across tests.
 */
export function installFakePorts(): FakePorts {
  current?.disconnectAll();
  const onConnect = event<[Port]>();
  const opened: Port[] = [];
  const open = new Set<() => void>();
  let sender: Browser.runtime.MessageSender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
  let structured = false;

  function makeEnd(name: string, endSender?: Browser.runtime.MessageSender) {
    const onMessage = event<[unknown, Port]>();
    const onDisconnect = event<[Port]>();
    const end = { name, sender: endSender, onMessage, onDisconnect } as unknown as Port & {
      onMessage: typeof onMessage;
      onDisconnect: typeof onDisconnect;
    };
    return end;
  }

  function connect(info: { name?: string } = {}): Port {
    const name = info.name ?? '';
    const near = makeEnd(name);
    const far = makeEnd(name, sender);
    let connected = true;
    const close = (from: typeof near) => {
      if (!connected) return;
      connected = false;
      open.delete(closeBoth);
      const other = from === near ? far : near;
      queueMicrotask(() => other.onDisconnect.fire(other));
    };
    const closeBoth = () => {
      if (!connected) return;
      connected = false;
      open.delete(closeBoth);
      near.onDisconnect.fire(near);
      far.onDisconnect.fire(far);
    };
    const post = (from: typeof near) => (message: unknown) => {
      if (!connected) throw new Error('Attempting to use a disconnected port object');
      const to = from === near ? far : near;
      const copy = structured ? cloneKeepingFiles(message) : (JSON.parse(JSON.stringify(message)) as unknown);
      queueMicrotask(() => connected && to.onMessage.fire(copy, to));
    };
    Object.assign(near, { postMessage: post(near), disconnect: () => close(near) });
    Object.assign(far, { postMessage: post(far), disconnect: () => close(far) });
    open.add(closeBoth);
    opened.push(near);
    queueMicrotask(() => {
      // Nobody listening: Chrome closes the port ("Receiving end does not exist").
      if (!onConnect.hasListeners()) return closeBoth();
      onConnect.fire(far);
    });
    return near;
  }

  Object.assign(fakeBrowser.runtime, { connect, onConnect });
  current = {
    opened,
    connectFrom(from) {
      sender = typeof from === 'string' ? { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL(from as '/popup.html') } : from;
    },
    disconnectAll: () => {
      for (const close of [...open]) close();
    },
    cloneLikeFirefox: () => {
      structured = true;
    },
  };
  return current;
}

let current: FakePorts | null = null;

/** This test's ports (installed by test/setup.ts). */
export function fakePorts(): FakePorts {
  if (!current) throw new Error('installFakePorts() has not run');
  return current;
}

/** Senders a port or message from must be refused: a content script in a web page carries our id, another extension does not. */
export const FOREIGN_SENDERS: [string, Browser.runtime.MessageSender][] = [
  ['a content script in a web page', { id: fakeBrowser.runtime.id, url: 'https://evil.example/page' }],
  ['another extension', { id: 'someone-else', url: 'chrome-extension://someone-else/page.html' }],
];

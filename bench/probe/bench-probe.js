// Bench-only (copied into .output/bench/instrumented and .output/bench/peer, never into the
// product build): the first script of the popup, side panel and blank pages of Pushgate and of
// the peer. It notes, in ms since navigation start (performance.now()), when each milestone is in
// the DOM. A MutationObserver callback runs right after the DOM change that Preact commits (or the
// peer's script makes), before the next paint.
(() => {
  const marks = {};
  window.__bench = marks;
  const enabled = (selector) => {
    const control = document.querySelector(selector);
    return Boolean(control && !control.disabled);
  };
  const hasText = (selector) => Boolean(document.querySelector(selector)?.textContent?.trim());
  // Interactive: the first form control of each page, present and enabled. The peer's popup has
  // its buttons in the HTML; its state is final when updateActionButtons() has set the
  // selection button's title (the peer's popup.js).
  const PAGES = {
    '/popup.html': {
      ready: () => enabled('#secret'),
      scriptRan: () => hasText('h1'),
      push: 'button[type="submit"]',
      link: () => hasText('.link-text'),
    },
    // The side panel: its Airport field, enabled and not inside anything inert.
    '/sidepanel.html': { ready: () => enabled('#airport-code') && !document.querySelector('#airport-code').closest('[inert]') },
    '/blank.html': { ready: () => enabled('#blank') },
    '/src/popup/popup.html': {
      ready: () => Boolean(document.querySelector('#pushSelectionButton')?.hasAttribute('title')),
      push: '#pushUrlButton',
      link: () => hasText('#resultLink'),
    },
  };
  const page = PAGES[location.pathname] ?? {};

  // `?bench-profile`: also time the storage and i18n calls (bench/profile.mjs), only then, so the
  // measured runs carry no wrapper.
  if (location.search.includes('bench-profile')) timeApiCalls();

  function check() {
    // The page's script has run and drawn for the first time (before any storage answer). The popup's
    // markup is in its HTML from the start: there, the moment its script has filled in the texts.
    if (marks.firstRender === undefined && (page.scriptRan ?? (() => document.querySelector('#app > *')))())
      marks.firstRender = performance.now();
    if (marks.interactive === undefined && page.ready?.()) {
      marks.interactive = performance.now();
      // For the trace of bench/profile.mjs: the same moment on the trace's clock.
      performance.mark('bench-interactive');
    }
    if (marks.board === undefined && document.querySelector('li.queue')) marks.board = performance.now();
    if (marks.click !== undefined && marks.link === undefined && page.link?.()) marks.link = performance.now();
    for (const waiter of [...waiters]) {
      if (!waiter.names.every((name) => marks[name] !== undefined)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve({ ...marks });
    }
  }

  // The bench awaits marks with one evaluation instead of polling the page it measures.
  const waiters = [];
  window.__benchWait = (names, timeoutMs) =>
    new Promise((resolve) => {
      waiters.push({ names, resolve });
      setTimeout(() => resolve(null), timeoutMs);
      check();
    });

  // The click's own time stamp: when the browser created the input event, before any handler ran.
  window.addEventListener(
    'click',
    (event) => {
      if (marks.click === undefined && page.push && event.target instanceof Element && event.target.closest(page.push)) {
        marks.click = event.timeStamp;
      }
    },
    true,
  );

  /** Wraps storage and i18n calls to note their time: `window.__benchCalls` [{ api, start, end }]. */
  function timeApiCalls() {
    const calls = [];
    window.__benchCalls = calls;
    const wrap = (owner, name, api) => {
      const original = owner?.[name];
      if (typeof original !== 'function' || original.__bench) return;
      const timed = function (...args) {
        const call = { api, start: performance.now(), end: NaN };
        calls.push(call);
        const result = original.apply(this, args);
        if (result && typeof result.then === 'function') return result.finally(() => (call.end = performance.now()));
        call.end = performance.now();
        return result;
      };
      timed.__bench = true;
      owner[name] = timed;
    };
    for (const ns of new Set([globalThis.chrome, globalThis.browser])) {
      if (!ns) continue;
      for (const area of ['local', 'session', 'sync']) {
        for (const method of ['get', 'set', 'remove']) wrap(ns.storage?.[area], method, `storage.${area}.${method}`);
      }
      wrap(ns.i18n, 'getMessage', 'i18n.getMessage');
      wrap(ns.i18n, 'getUILanguage', 'i18n.getUILanguage');
      wrap(ns.tabs, 'query', 'tabs.query');
      wrap(ns.windows, 'getLastFocused', 'windows.getLastFocused');
      wrap(ns.scripting, 'executeScript', 'scripting.executeScript');
    }
  }

  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  check();
})();

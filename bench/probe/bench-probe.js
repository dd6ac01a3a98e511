// Bench-only (copied into .output/bench/instrumented, never into the product build): the first
// script of the popup, side panel and blank pages. It notes, in ms since navigation start
// (performance.now()), when each milestone is in the DOM. A MutationObserver callback runs right
// after the DOM change that Preact commits, before the next paint.
(() => {
  const marks = {};
  window.__bench = marks;
  // Interactive: the first form control of each page, present and enabled.
  const firstControl = { '/popup.html': '#secret', '/sidepanel.html': '#airport-code', '/blank.html': '#blank' }[location.pathname];

  function check() {
    // The page's script has run and rendered for the first time (before any storage answer).
    if (marks.firstRender === undefined && document.querySelector('#app > *')) marks.firstRender = performance.now();
    if (marks.interactive === undefined && firstControl) {
      const control = document.querySelector(firstControl);
      if (control && !control.disabled) marks.interactive = performance.now();
    }
    if (marks.board === undefined && document.querySelector('li.queue')) marks.board = performance.now();
    if (marks.click !== undefined && marks.link === undefined && document.querySelector('.link-text')) {
      marks.link = performance.now();
    }
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
      if (marks.click === undefined && event.target instanceof Element && event.target.closest('button[type="submit"]')) {
        marks.click = event.timeStamp;
      }
    },
    true,
  );
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  check();
})();

// Bench-only module service worker (the instrumented copy's manifest points here): modules run in
// import order, so the start mark and the menu probe first, then the product's background.js
// unchanged; the end mark is this module's body.
import './bench-worker-start.js';
import './background.js';

globalThis.__benchWorker.scriptEnd = performance.now();

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetDbForTests } from '@/lib/db';
import { resetPacersForTests } from '@/lib/pace/instance-pacers';
import { installFakePorts } from './support/extension-ports';
import { loadMessages, makeGetMessage } from './support/messages';

const getMessage = makeGetMessage(loadMessages('en'));

// findBy and waitFor wait for what the test needs; their ceiling only decides when a test gives up.
// Testing Library's 1 s failed tests on a loaded two-core machine that pass alone.
configure({ asyncUtilTimeout: 5000 });

// No test touches the network: a request to any host but this machine's fails the test that made it,
// even when the code under test takes the failure for an unreachable server and goes on. Tests that
// need a server start a reference server on loopback or inject a fetch.
const realFetch = globalThis.fetch;
let offMachineRequests: string[] = [];
function loopbackOnlyFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://127.0.0.1/');
  if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return realFetch(input, init);
  offMachineRequests.push(url.href);
  return Promise.reject(new TypeError(`fetch failed: tests never reach the network (${url.origin})`));
}
// Set before any test module loads too, for code that keeps the `fetch` it found at import.
globalThis.fetch = loopbackOnlyFetch;

beforeEach(() => {
  offMachineRequests = [];
  globalThis.fetch = loopbackOnlyFetch;
  globalThis.indexedDB = new IDBFactory();
  // lib/db.ts keeps its connection: drop it so this test opens the fresh factory's database.
  resetDbForTests();
  // The background's pacers keep the last minute's requests of each instance (lib/pace/instance-pacers.ts).
  resetPacersForTests();
  // WxtVitest does not reset the fake between tests (docs/toolchain.md#unit-tests).
  fakeBrowser.reset();
  // The fake has no runtime ports (lib/history/relay.ts uses one).
  installFakePorts();
  // The fake has no i18n; serve the real English catalogue so tests read what people read.
  (fakeBrowser as unknown as { i18n: object }).i18n = {
    getMessage,
    getUILanguage: () => 'en',
  };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  const reached = offMachineRequests;
  offMachineRequests = [];
  if (reached.length) throw new Error(`This test sent requests off this machine: ${reached.join(', ')}`);
});

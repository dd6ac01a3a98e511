import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetDbForTests } from '@/lib/db';
import { installFakePorts } from './support/extension-ports';
import { loadMessages, makeGetMessage } from './support/messages';

const getMessage = makeGetMessage(loadMessages('en'));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  // lib/db.ts keeps its connection: drop it so this test opens the fresh factory's database.
  resetDbForTests();
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
});

import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { launchExtension, type ExtensionBrowser } from './browser';

export interface E2eSession {
  extension: ExtensionBrowser;
  pwpush: PwpushServer;
}

/**
 * One Chromium with the extension and one reference server per spec file; every test starts
 * with empty extension storage, a fresh server and no open tabs but blank ones.
 */
export function useE2eSession(): E2eSession {
  const session = {} as E2eSession;
  beforeAll(async () => {
    session.pwpush = await startPwpushServer();
    session.extension = await launchExtension();
  });
  beforeEach(async () => {
    // Pages of the previous test go first: a page still open would react to the cleared storage
    // (the side panel refetches when its settings change) and its requests would land in this test.
    for (const page of session.extension.context.pages()) {
      if (page.url() !== 'about:blank') await page.close();
    }
    session.pwpush.reset();
    const worker = await session.extension.worker();
    await worker.evaluate(() => Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]));
  });
  afterAll(async () => {
    await session.extension?.close();
    await session.pwpush?.close();
  });
  return session;
}

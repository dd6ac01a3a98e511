// @vitest-environment node
// The options page's instance check against the reference server as a supported and a v1-only release.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { checkInstance, explainCheckFailure } from '@/components/options/check-instance';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

describe('checking an instance', () => {
  it('before 2.3.0 (API v1 only: /api/v2/version is a 404) says to upgrade to 2.3.0 or later', async () => {
    server.setOptions({ version: '2.2.0' });
    const check = await checkInstance(server.url, '');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(explainCheckFailure(check.origin, check.error)).toBe(
      `${server.url} has no Password Pusher API v2: Pushgate needs Password Pusher 2.3.0 or later. Ask its administrator to upgrade the instance, or check the address.`,
    );
  });

  it.each(['2.3.0', '2.4.1', '2.8.2', '2.11.4'])('accepts %s', async (version) => {
    server.setOptions({ version });
    const check = await checkInstance(server.url, server.users[0]!.token);
    expect(check.ok && [check.info.applicationVersion, check.token.kind]).toEqual([version, 'accepted']);
  });
});

// @vitest-environment node
// The e-mail fields of a create, against the reference server as an instance with SMTP
// (docs/password-pusher.md#notify-emails).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { auditLog, createPush } from '@/lib/pwpush/client';
import type { ClientConfig } from '@/lib/pwpush/types';

let server: PwpushServer;
let alice: ClientConfig;

beforeAll(async () => {
  server = await startPwpushServer({ emailConfigured: true });
  alice = { baseUrl: server.url, token: 'alice-token-0123456789' };
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('createPush with e-mail recipients', () => {
  it('sends notify_emails_to and its locale inside push, in the one create request', async () => {
    const created = await createPush(alice, {
      kind: 'text',
      payload: 's',
      emailTo: 'a@example.org, b@example.org',
      emailLocale: 'sv',
    });
    expect(created.ok).toBe(true);
    const creates = server.requests.filter((request) => request.method === 'POST');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({ push: { notify_emails_to: 'a@example.org, b@example.org', notify_emails_to_locale: 'sv' } });
    const audit = await auditLog(alice, created.ok ? created.value.urlToken : '');
    expect(audit.ok && audit.value.items.map((entry) => entry.kind)).toEqual(['creation', 'creation_email_send']);
  });

  it('sends neither field when none is given', async () => {
    await createPush(alice, { kind: 'text', payload: 's' });
    expect(JSON.stringify(server.requests.find((request) => request.method === 'POST')!.body)).not.toContain('notify');
  });

  it("gives the server's field errors back by field", async () => {
    const created = await createPush(alice, { kind: 'text', payload: 's', emailTo: 'a@example.org, A@example.org' });
    expect(created).toMatchObject({
      ok: false,
      error: { kind: 'validation', fields: { notify_emails_to: ['contains duplicate emails'] } },
    });
  });
});

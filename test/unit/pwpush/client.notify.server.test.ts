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

describe('createPush to 2.9.0 and 2.9.1 (emailFields notify_by_email)', () => {
  beforeEach(() => server.setOptions({ version: '2.9.1' }));

  it('sends the nested hash as JSON and reads the echo back', async () => {
    const created = await createPush(alice, {
      kind: 'text',
      payload: 's',
      emailTo: 'a@example.org',
      emailLocale: 'sv',
      emailFields: 'notify_by_email',
    });
    expect(created.ok && created.value.emailedTo).toBe('a@example.org');
    expect(server.requests.find((request) => request.method === 'POST')!.body).toMatchObject({
      push: { notify_by_email: { recipients: 'a@example.org', locale: 'sv' } },
    });
  });

  it('sends it as multipart fields for a file push', async () => {
    const created = await createPush(alice, {
      kind: 'file',
      payload: '',
      files: [new File(['x'], 'x.txt')],
      emailTo: 'a@example.org',
      emailFields: 'notify_by_email',
    });
    expect(created.ok && created.value.emailedTo).toBe('a@example.org');
    expect(server.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation', 'creation_email_send']);
  });

  it('the flat fields are dropped there with a 201: the answer echoes nothing', async () => {
    const created = await createPush(alice, { kind: 'text', payload: 's', emailTo: 'a@example.org' });
    expect(created.ok && created.value.emailedTo).toBeUndefined();
  });

  it('gives its field errors back by its field names', async () => {
    const created = await createPush(alice, { kind: 'text', payload: 's', emailTo: 'a@example.org,', emailFields: 'notify_by_email' });
    expect(created).toMatchObject({
      ok: false,
      error: { kind: 'validation', fields: { notify_by_email_recipients: ['has commas used in the wrong way'] } },
    });
  });
});

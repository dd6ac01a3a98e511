// @vitest-environment node
// Reference server: e-mailing a new push's link (`notify_emails_to` on create), as
// `Pwpush::NotifiableByEmail` and `MultipleEmailsValidator` check it at v2.11.4
// (docs/password-pusher.md#notify-emails).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from './server.mjs';
import { ALICE, call, create } from './helpers';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const post = (push: Record<string, unknown>, token?: string) => call(server, '/api/v2/pushes', { method: 'POST', token, json: { push } });

describe('a stock instance (no SMTP), the default', () => {
  it('says email_auto_dispatch false and refuses the fields, with or without a token', async () => {
    expect((await call(server, '/api/v2/version')).json.features.pushes.email_auto_dispatch).toBe(false);
    const answer = await post({ payload: 's', notify_emails_to: 'a@example.org', notify_emails_to_locale: 'sv' }, ALICE);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      notify_emails_to: ['are not available'],
      notify_emails_to_locale: ['is not available'],
      base: ['Notify by email feature is not enabled'],
    });
    expect(server.pushes()).toEqual([]);
  });

  it('refuses a locale alone too', async () => {
    const answer = await post({ payload: 's', notify_emails_to_locale: 'sv' }, ALICE);
    expect(answer.json).toEqual({ notify_emails_to_locale: ['is not available'], base: ['Notify by email feature is not enabled'] });
  });
});

describe('an instance with e-mail configured (emailConfigured)', () => {
  beforeEach(() => server.setOptions({ emailConfigured: true }));

  it('says email_auto_dispatch true from 2.9.0 only', async () => {
    expect((await call(server, '/api/v2/version')).json.features.pushes.email_auto_dispatch).toBe(true);
    server.setOptions({ version: '2.8.2' });
    expect((await call(server, '/api/v2/version')).json.features.pushes.email_auto_dispatch).toBe(false);
  });

  it('creates the push, echoes the fields and logs creation_email_send with the recipients', async () => {
    const created = await create(
      server,
      { payload: 's', notify_emails_to: 'a@example.org, b@example.org', notify_emails_to_locale: 'sv' },
      ALICE,
    );
    expect(created).toMatchObject({ notify_emails_to: 'a@example.org, b@example.org', notify_emails_to_locale: 'sv' });
    const audit = await call(server, `/api/v2/pushes/${created.url_token}/audit`, { token: ALICE });
    expect(audit.json.logs.map((entry: { kind: string }) => entry.kind)).toEqual(['creation', 'creation_email_send']);
    expect(audit.json.logs[1].notify_by_email).toEqual({
      recipients: 'a@example.org, b@example.org',
      locale: 'sv',
      status: 'pending',
      successful_sends: null,
      proceed_at: null,
    });
  });

  it('without the fields answers as before: no notify keys, no e-mail entry', async () => {
    const created = await create(server, { payload: 's' }, ALICE);
    expect(created).not.toHaveProperty('notify_emails_to');
    expect(server.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation']);
  });

  it.each([
    ['a@example.org,', ['has commas used in the wrong way']],
    ['a@example.org,,b@example.org', ['has commas used in the wrong way']],
    ['a@example.org, A@example.org', ['contains duplicate emails']],
    ['a@x.org, b@x.org, c@x.org, d@x.org, e@x.org, f@x.org', ['contains more than 5 email(s)']],
    ['a@example', ['contains invalid email(s)']],
    [
      'a@x.org, a@x.org, b@x.org, c@x.org, d@x.org, e@x.org, nope',
      ['contains duplicate emails', 'contains more than 5 email(s)', 'contains invalid email(s)'],
    ],
  ])('refuses %j: %j', async (emails, messages) => {
    const answer = await post({ payload: 's', notify_emails_to: emails }, ALICE);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({ notify_emails_to: messages });
    expect(server.pushes()).toEqual([]);
  });

  it("refuses a locale that is none of the app's", async () => {
    const answer = await post({ payload: 's', notify_emails_to: 'a@example.org', notify_emails_to_locale: 'xx' }, ALICE);
    expect(answer.json).toEqual({ notify_emails_to_locale: ['is not included in the list'] });
  });

  it('refuses the fields without a token', async () => {
    const answer = await post({ payload: 's', notify_emails_to: 'a@example.org', notify_emails_to_locale: 'sv' });
    expect(answer.json).toEqual({
      notify_emails_to: ['are not allowed for unknown users'],
      notify_emails_to_locale: ['is not allowed for unknown users'],
    });
  });

  it('before 2.9.0 drops the fields as unpermitted and creates the push', async () => {
    server.setOptions({ version: '2.8.2' });
    const created = await create(server, { payload: 's', notify_emails_to: 'a@example.org' }, ALICE);
    expect(created).not.toHaveProperty('notify_emails_to');
    expect(server.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation']);
  });
});

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

describe('2.9.0 and 2.9.1: the nested notify_by_email fields (renamed in 2.9.2)', () => {
  beforeEach(() => server.setOptions({ emailConfigured: true, version: '2.9.1' }));

  it('drops notify_emails_to unread and answers 201 with no e-mail and no echo', async () => {
    const created = await create(server, { payload: 's', notify_emails_to: 'a@example.org', notify_emails_to_locale: 'sv' }, ALICE);
    expect(created).not.toHaveProperty('notify_emails_to');
    expect(created).not.toHaveProperty('notify_by_email');
    expect(server.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation']);
  });

  it('takes notify_by_email[recipients] and [locale], echoes them nested and logs creation_email_send', async () => {
    const created = await create(server, { payload: 's', notify_by_email: { recipients: 'a@example.org', locale: 'sv' } }, ALICE);
    expect(created).toMatchObject({ notify_by_email: { recipients: 'a@example.org', locale: 'sv' } });
    expect(created).not.toHaveProperty('notify_emails_to');
    const audit = await call(server, `/api/v2/pushes/${created.url_token}/audit`, { token: ALICE });
    expect(audit.json.logs[1]).toMatchObject({
      kind: 'creation_email_send',
      notify_by_email: { recipients: 'a@example.org', locale: 'sv', status: 'pending' },
    });
  });

  it('takes them as multipart fields too', async () => {
    const form = new FormData();
    form.append('push[payload]', 's');
    form.append('push[notify_by_email][recipients]', 'a@example.org, b@example.org');
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: form });
    expect(answer.status).toBe(201);
    expect(answer.json.notify_by_email).toEqual({ recipients: 'a@example.org, b@example.org', locale: null });
  });

  it('says what is wrong on base and on its own attributes', async () => {
    expect((await post({ payload: 's', notify_by_email: { recipients: 'a@example.org,' } }, ALICE)).json).toEqual({
      notify_by_email_recipients: ['has commas used in the wrong way'],
    });
    expect((await post({ payload: 's', notify_by_email: { recipients: 'a@example.org' } })).json).toEqual({
      base: ['Notifying by email is not allowed for unknown users'],
    });
    server.setOptions({ emailConfigured: false });
    expect((await post({ payload: 's', notify_by_email: { recipients: 'a@example.org', locale: 'xx' } }, ALICE)).json).toEqual({
      base: ['Notifying by email is not available'],
      notify_by_email_locale: ['is not included in the list'],
    });
  });

  it('from 2.9.2 drops the nested hash instead', async () => {
    server.setOptions({ version: '2.9.2' });
    const created = await create(server, { payload: 's', notify_by_email: { recipients: 'a@example.org' } }, ALICE);
    expect(created).not.toHaveProperty('notify_by_email');
    expect(server.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation']);
  });
});

describe("the e-mail's outcome in the audit (setEmailOutcome: SendNotifyByEmailJob has run)", () => {
  beforeEach(() => server.setOptions({ emailConfigured: true }));

  it('shows the status the job left and its error message, in the jbuilder order', async () => {
    const created = await create(server, { payload: 's', notify_emails_to: 'a@example.org, b@example.org' }, ALICE);
    expect(server.setEmailOutcome(created.url_token, 'partially_failed', 'b@example.org: 550 mailbox unavailable')).toBe(true);
    const audit = await call(server, `/api/v2/pushes/${created.url_token}/audit`, { token: ALICE });
    const notify = audit.json.logs[1].notify_by_email;
    expect(notify).toEqual({
      recipients: 'a@example.org, b@example.org',
      locale: null,
      status: 'partially_failed',
      error_message: 'b@example.org: 550 mailbox unavailable',
      successful_sends: null,
      proceed_at: null,
    });
    expect(Object.keys(notify)).toEqual(['recipients', 'locale', 'status', 'error_message', 'successful_sends', 'proceed_at']);
  });

  it('has nothing to set on a push without e-mail', async () => {
    const created = await create(server, { payload: 's' }, ALICE);
    expect(server.setEmailOutcome(created.url_token, 'completed')).toBe(false);
  });
});

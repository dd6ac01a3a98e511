// @vitest-environment node
// What a push's outcome says comes from the create answer, not from the request: the e-mail fields
// each release takes, the addresses it echoes, and a retrieval step the instance switched off
// (docs/password-pusher.md#notify-emails, #defaults-and-limits), against the reference server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { sharePush } from '@/lib/share/share-push';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer({ emailConfigured: true });
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

const alice = () => server.users[0]!.token;
const known = (applicationVersion?: string) => ({
  connection: { baseUrl: server.url, token: alice() },
  defaults: DEFAULT_PUSH_DEFAULTS,
  edition: 'oss',
  ...(applicationVersion && { applicationVersion }),
});
const createBody = () => server.requests.find((request) => request.method === 'POST' && request.path === '/api/v2/pushes')!.body;
const auditKinds = () => server.pushes()[0]!.audit.map((entry) => entry.kind);

describe('e-mailing the link', () => {
  it.each(['2.9.0', '2.9.1'])('on %s goes in notify_by_email[recipients] and [locale], and the echo is what is said', async (version) => {
    server.setOptions({ version });
    const result = await sharePush(
      { kind: 'text', payload: 's', emailTo: 'kim@example.org', emailLocale: 'sv' },
      { known: known(version) },
    );
    expect(createBody()).toMatchObject({ push: { notify_by_email: { recipients: 'kim@example.org', locale: 'sv' } } });
    expect(JSON.stringify(createBody())).not.toContain('notify_emails_to');
    expect(result.ok && result.value.push.emailedTo).toBe('kim@example.org');
    expect(auditKinds()).toEqual(['creation', 'creation_email_send']);
  });

  it('from 2.9.2 goes in notify_emails_to', async () => {
    server.setOptions({ version: '2.9.2' });
    const result = await sharePush({ kind: 'text', payload: 's', emailTo: 'kim@example.org' }, { known: known('2.9.2') });
    expect(createBody()).toMatchObject({ push: { notify_emails_to: 'kim@example.org' } });
    expect(result.ok && result.value.push.emailedTo).toBe('kim@example.org');
  });

  it("asks the instance's release when the caller does not know it", async () => {
    server.setOptions({ version: '2.9.1' });
    const result = await sharePush({ kind: 'text', payload: 's', emailTo: 'kim@example.org' }, { known: known() });
    expect(createBody()).toMatchObject({ push: { notify_by_email: { recipients: 'kim@example.org' } } });
    expect(result.ok && result.value.push.emailedTo).toBe('kim@example.org');
  });

  it('says nothing was e-mailed when the answer does not echo the addresses (a 2.9.1 instance taken for 2.9.2)', async () => {
    server.setOptions({ version: '2.9.1' });
    const result = await sharePush({ kind: 'text', payload: 's', emailTo: 'kim@example.org' }, { known: known('2.11.4') });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.push.emailedTo).toBeUndefined();
    expect(auditKinds()).toEqual(['creation']);
  });
});

describe('the retrieval step', () => {
  it('switched off for the kind by the instance: the answer says so and the push is flagged', async () => {
    server.setOptions({ retrievalStepDisabled: ['text'] });
    const result = await sharePush({ kind: 'text', payload: 's', retrievalStep: true }, { known: known() });
    expect(result).toMatchObject({ ok: true, value: { push: { retrievalStep: false }, retrievalStepRefused: true } });
  });

  it('kept on: not flagged; asked off: not flagged', async () => {
    const on = await sharePush({ kind: 'text', payload: 's', retrievalStep: true }, { known: known() });
    const off = await sharePush({ kind: 'text', payload: 't', retrievalStep: false }, { known: known() });
    expect(on.ok && on.value.retrievalStepRefused).toBeUndefined();
    expect(off.ok && off.value.retrievalStepRefused).toBeUndefined();
  });
});

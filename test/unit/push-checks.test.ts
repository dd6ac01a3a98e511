import { describe, expect, it } from 'vitest';
import { serverFieldErrors, toShareRequest, validate } from '@/components/popup/push-checks';
import type { FormValues } from '@/components/popup/push-checks';

const qr = (secret: string): FormValues => ({
  kind: 'qr',
  secret,
  days: '7',
  views: '5',
  deletable: true,
  retrievalStep: true,
  passphrase: '',
  name: '',
  note: '',
  files: [],
  recipientLocale: '',
  emailTo: '',
  emailLocale: '',
});

// The server counts a QR payload with Ruby's String#length, in code points
// (docs/password-pusher.md#create).
describe('the QR size check counts characters as the server does', () => {
  it('1024 emoji (2048 UTF-16 units) fit', () => {
    expect(validate(qr('🔑'.repeat(1024)))).toEqual({});
  });

  it('1025 characters do not, emoji or not', () => {
    expect(validate(qr('🔑'.repeat(1025))).secret).toMatch(/1024/);
    expect(validate(qr('a'.repeat(1025))).secret).toMatch(/1024/);
  });

  it('1024 plain characters fit', () => {
    expect(validate(qr('a'.repeat(1024)))).toEqual({});
  });
});

const form = (kind: FormValues['kind'], secret: string): FormValues => ({ ...qr(secret), kind });

// Password Pusher refuses a URL with spaces around it (422 "must be a valid HTTP or HTTPS URL"),
// though a browser's URL parser reads it: the address is sent without them.
describe('the payload as it is sent', () => {
  it.each([
    ['a URL, spaces and a line break around it', 'url', '  https://intranet.example/a b?c=1 \n', 'https://intranet.example/a b?c=1'],
    ['a URL as typed', 'url', 'https://intranet.example/', 'https://intranet.example/'],
    ['a text secret keeps every space', 'text', '  pass word \n', '  pass word \n'],
    ['a QR payload keeps every space', 'qr', ' x ', ' x '],
  ] as const)('%s', (_case, kind, typed, sent) => {
    expect(validate(form(kind, typed))).toEqual({});
    expect(toShareRequest(form(kind, typed)).payload).toBe(sent);
  });
});

describe("the recipient's language and e-mail", () => {
  const text = (extra: Partial<FormValues>): FormValues => ({ ...form('text', 'secret'), ...extra });

  it("carries the recipient's language, and no e-mail fields when no address is given", () => {
    const request = toShareRequest(text({ recipientLocale: 'sv' }));
    expect(request.recipientLocale).toBe('sv');
    expect(request).not.toHaveProperty('emailTo');
    expect(request).not.toHaveProperty('emailLocale');
  });

  it("sends the addresses as the instance takes them, in the recipient's language unless another is chosen", () => {
    expect(toShareRequest(text({ recipientLocale: 'sv', emailTo: ' a@example.org,b@example.org ' }))).toMatchObject({
      emailTo: 'a@example.org, b@example.org',
      emailLocale: 'sv',
    });
    expect(toShareRequest(text({ recipientLocale: 'sv', emailTo: 'a@example.org', emailLocale: 'de' })).emailLocale).toBe('de');
    expect(toShareRequest(text({ emailTo: 'a@example.org' }))).not.toHaveProperty('emailLocale');
  });

  it.each([
    ['a@example.org,', /commas/],
    ['a@example.org, A@example.org', /A@example\.org.*twice|twice.*A@example\.org/],
    ['a@x.org, b@x.org, c@x.org, d@x.org, e@x.org, f@x.org', /5/],
    ['a@example', /a@example/],
  ])('refuses %j before sending', (emailTo, message) => {
    expect(validate(text({ emailTo })).emailTo).toMatch(message);
  });

  it("places the instance's 422 messages at the e-mail fields", () => {
    const fields = { notify_emails_to: ['contains invalid email(s)'], notify_emails_to_locale: ['is not included in the list'] };
    expect(serverFieldErrors({ kind: 'validation', status: 422, fields })).toEqual({
      emailTo: 'contains invalid email(s)',
      emailLocale: 'is not included in the list',
    });
  });
});

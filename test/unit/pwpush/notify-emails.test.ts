import { describe, expect, it } from 'vitest';
import { checkEmailList, emailFieldsFor } from '@/lib/pwpush/notify-emails';

describe('checkEmailList: the rules of MultipleEmailsValidator', () => {
  it.each([
    ['a@example.org', 'a@example.org'],
    [' a@example.org ,b.c+d@mail.example.co.uk ', 'a@example.org, b.c+d@mail.example.co.uk'],
    ['a@x.org, b@x.org, c@x.org, d@x.org, e@x.org', 'a@x.org, b@x.org, c@x.org, d@x.org, e@x.org'],
  ])('takes %j as %j', (text, value) => {
    expect(checkEmailList(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['a@example.org,', { problem: 'commas' }],
    ['a@example.org,,b@example.org', { problem: 'commas' }],
    [',a@example.org', { problem: 'commas' }],
    ['a@example.org, A@EXAMPLE.org', { problem: 'duplicate', address: 'A@EXAMPLE.org' }],
    ['a@x.org, b@x.org, c@x.org, d@x.org, e@x.org, f@x.org', { problem: 'too-many', max: 5 }],
    ['a@example', { problem: 'invalid', address: 'a@example' }],
    ['a@example.org, not an address', { problem: 'invalid', address: 'not an address' }],
    ['a b@example.org', { problem: 'invalid', address: 'a b@example.org' }],
  ])('refuses %j', (text, problem) => {
    expect(checkEmailList(text)).toEqual({ ok: false, ...problem });
  });
});

describe('emailFieldsFor', () => {
  it.each([
    ['2.9.0', 'notify_by_email'],
    ['2.9.1', 'notify_by_email'],
    ['2.9.2', 'notify_emails_to'],
    ['2.11.4', 'notify_emails_to'],
    ['2.8.2', 'notify_emails_to'],
    ['3.0.0', 'notify_emails_to'],
    ['', 'notify_emails_to'],
  ] as const)('%s → %s', (version, fields) => {
    expect(emailFieldsFor(version)).toBe(fields);
  });
});

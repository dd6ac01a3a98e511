import { describe, expect, it } from 'vitest';
import { checkEmailList } from '@/lib/pwpush/notify-emails';

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

import { describe, expect, it } from 'vitest';
import { validate } from '@/components/popup/push-checks';
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

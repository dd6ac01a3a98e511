import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from '@/components/popup/push-checks';
import type { HttpError } from '@/lib/http';
import { explainPushError } from '@/lib/share/explain';
import { shortText } from '@/lib/short-text';

// Server text shown to people is cut to about 200 characters.
describe('server text is cut to about 200 characters where it is shown', () => {
  const flood = 'x'.repeat(5000);

  it.each<[string, HttpError]>([
    ['a 400', { kind: 'bad-request', status: 400, serverMessage: flood }],
    ['a JSON 401', { kind: 'unauthorized', status: 401, serverMessage: flood }],
    ['422 fields', { kind: 'validation', status: 422, fields: { payload: [flood, flood] } }],
  ])('%s', (_, error) => {
    const { message } = explainPushError(error);
    expect(message).toContain('x'.repeat(150));
    expect(message).not.toContain('x'.repeat(201));
    expect(message).toContain('…');
  });

  it('422 messages next to a field too', () => {
    const errors = serverFieldErrors({ kind: 'validation', fields: { payload: [flood] } });
    expect(Array.from(errors.secret ?? '').length).toBeLessThanOrEqual(200);
  });

  it('counts code points and keeps short text as it is', () => {
    expect(shortText('  The push is gone.  ')).toBe('The push is gone.');
    const emoji = shortText('🔑'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji.endsWith('🔑…')).toBe(true);
  });
});

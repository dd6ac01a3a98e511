import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { explainPushError } from '@/lib/share/explain';

describe('server text in an explanation', () => {
  it('is cut to about 200 characters, field messages included', () => {
    const fields = { payload: ['y'.repeat(400)], note: ['z'.repeat(400)] };
    const { message } = explainPushError({ kind: 'validation', status: 422, fields });
    expect(message.length).toBeLessThan(t('errorValidation').length + 260);
    expect(message).toContain('…');
  });
});

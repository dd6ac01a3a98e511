// A page holds at most 50 entries (docs/password-pusher.md#lists): a longer one is refused as a
// whole, before any entry is read, so 100,000 entries never become 100,000 rows to draw.
import { describe, expect, it } from 'vitest';
import { parseAuditLog, parsePushList } from '@/lib/pwpush/parse';
import { pushRecord } from '@/test/support/pwpush-fixtures';

/** `count` entries whose every field read is counted. */
function watched(count: number, entry: () => Record<string, unknown>) {
  const reads = { count: 0 };
  const items = Array.from({ length: count }, () => {
    const record = entry();
    return new Proxy(record, {
      get(target, key) {
        reads.count += 1;
        return target[key as string];
      },
    });
  });
  return { items, reads };
}

const auditEntry = () => ({ kind: 'view', ip: '198.51.100.7', user_agent: 'curl/8', referrer: '', created_at: '2026-08-21T10:15:30.123Z' });

describe('a list page with more entries than a page holds', () => {
  it('reads 50 pushes', () => {
    const { items } = watched(50, () => pushRecord());
    const result = parsePushList(items, 200);
    expect(result.ok && result.value).toHaveLength(50);
  });

  it('refuses 51 pushes as too large without reading one', () => {
    const { items, reads } = watched(100_000, () => pushRecord());
    expect(parsePushList(items, 200)).toEqual({ ok: false, error: { kind: 'too-large', status: 200, limitItems: 50 } });
    expect(reads.count).toBe(0);
    expect(parsePushList(items.slice(0, 51), 200).ok).toBe(false);
  });

  it('refuses 51 audit entries, in both the logs and the older views shape', () => {
    const { items, reads } = watched(51, auditEntry);
    expect(parseAuditLog({ logs: items }, 200)).toEqual({ ok: false, error: { kind: 'too-large', status: 200, limitItems: 50 } });
    expect(parseAuditLog({ views: items }, 200)).toMatchObject({ ok: false, error: { kind: 'too-large' } });
    expect(reads.count).toBe(0);
    expect(parseAuditLog({ logs: items.slice(0, 50) }, 200).ok).toBe(true);
  });
});

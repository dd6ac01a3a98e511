import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPacer } from '@/lib/pace/pacer';
import { ok } from '@/lib/result';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { sharePush } from '@/lib/share/share-push';
import { quietBook } from '@/test/support/attempt-books';
import { fakePwpush } from '@/test/support/fake-pwpush';
import { BASE_URL, makePush } from '@/test/support/pwpush-fixtures';

// The person's push takes no turn in the instance's pace: it is counted, so the background's jobs
// leave room for it, and it goes at once however full the minute is (docs/performance.md, rule 23).

afterEach(() => {
  vi.useRealTimers();
});

describe("the person's push and the instance's pace", () => {
  it('goes at once however full the minute, is counted, and the look for copies after it waits its turn', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T09:00:00.000Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const pacer = createPacer({
      now: () => Date.now(),
      after: (ms, run) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
    });
    // 94 of the jobs' 95 used: the push, counted, takes the last, and so the look after it waits.
    for (let i = 0; i < 94; i++) pacer.count();
    const pwpush = fakePwpush();
    const made = makePush({ createdAt: new Date().toISOString() });
    pwpush.createPush.mockResolvedValue(ok(made));
    pwpush.activePushes.mockResolvedValue(ok({ items: [made], page: 1, perPage: 50 }));
    let copiesChecked = false;
    const shared = sharePush(
      { kind: 'text', payload: 'the secret' },
      {
        fetch: pwpush.fetch,
        book: quietBook(),
        known: { connection: { baseUrl: BASE_URL, token: 'api-token' }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' },
        paceFor: () => pacer,
        onCopiesChecked: () => {
          copiesChecked = true;
        },
      },
    );
    const result = await shared;
    // No time passed: the create did not wait for the full minute.
    expect(result.ok && result.value.push.urlToken).toBe(made.urlToken);
    expect(pwpush.requests).toEqual(['POST /pushes']);
    expect(copiesChecked).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(copiesChecked).toBe(true));
    expect(pwpush.requests).toEqual(['POST /pushes', 'GET /pushes/active?page=1']);
  });
});

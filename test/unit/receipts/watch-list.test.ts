import { describe, expect, it } from 'vitest';
import type { PushWatch } from '@/lib/receipts/types';
import { hasUnsaidView } from '@/lib/receipts/watch-list';

// The one rule the Pushes page and the popup's link view ask a poll at once by (lib/receipts/watch-list.ts).

describe('a view not yet put into words', () => {
  it.each<{ case: string; listed: { viewsRemaining?: number; expireAfterViews?: number }; known?: PushWatch; unsaid: boolean }>([
    { case: 'fewer left than the push had, never polled', listed: { viewsRemaining: 4, expireAfterViews: 5 }, unsaid: true },
    { case: 'as many left as it had', listed: { viewsRemaining: 5, expireAfterViews: 5 }, unsaid: false },
    {
      case: 'fewer left than the watcher saw',
      listed: { viewsRemaining: 2, expireAfterViews: 5 },
      known: { viewsRemaining: 3, auditRead: 3 },
      unsaid: true,
    },
    {
      case: 'as many left as the watcher saw',
      listed: { viewsRemaining: 3, expireAfterViews: 5 },
      known: { viewsRemaining: 3, auditRead: 3 },
      unsaid: false,
    },
    { case: 'the last view used', listed: { viewsRemaining: 0, expireAfterViews: 1 }, unsaid: true },
    { case: 'views left unknown', listed: { expireAfterViews: 5 }, unsaid: false },
    { case: 'limits unknown and never polled', listed: { viewsRemaining: 4 }, unsaid: false },
  ])('$case', ({ listed, known, unsaid }) => {
    expect(hasUnsaidView(listed, known)).toBe(unsaid);
  });
});

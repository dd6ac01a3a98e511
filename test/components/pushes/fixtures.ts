import { vi } from 'vitest';
import { recordPush } from '@/lib/history/entries';
import { ok } from '@/lib/result';
import type { AuditEntry, Page, Push, PushKind } from '@/lib/pwpush/types';
import { instanceUrl, setToken } from '@/lib/settings';
import { BASE_URL } from '@/test/support/pwpush-fixtures';
import { installFakePwpush } from '@/test/support/fake-pwpush';

export { BASE_URL, makePush } from '@/test/support/pwpush-fixtures';

/** The instance the page talks to, over the global fetch while each test runs (test/support/fake-pwpush.ts). */
export const pwpush = installFakePwpush();

/** Sets up the instance (and a token, unless empty) as the options page would. */
export async function configure(token = 'api-token'): Promise<void> {
  await instanceUrl.setValue(BASE_URL);
  await setToken(token, true, BASE_URL);
}

/** Records pushes in this browser's history, oldest first (so the last is listed first). */
export async function seedHistory(
  pushes: Array<Push & { kind?: PushKind; passphraseProtected?: boolean; fileNames?: string[] }>,
  baseUrl = BASE_URL,
): Promise<void> {
  let at = 1_000;
  for (const push of pushes) {
    at += 1;
    const recorded = await recordPush(
      baseUrl,
      push,
      // Made in this browser: the name it was given is the one the person typed.
      {
        kind: push.kind ?? 'text',
        passphraseProtected: push.passphraseProtected ?? false,
        fileNames: push.fileNames,
        ...(push.name && { ownName: push.name }),
      },
      at,
    );
    if (!recorded.ok) throw new Error('could not seed the history');
  }
}

export function makePage<T>(items: T[], page = 1, totals: { total?: number; totalPages?: number } = {}): Page<T> {
  return { items, page, perPage: 50, ...totals };
}

export function audit(kind: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    kind,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    referrer: '',
    createdAt: '2026-08-21T10:15:30.123Z',
    ...overrides,
  };
}

/** Stubs `navigator.clipboard` and returns the spy. */
export function stubClipboard(write: (text: string) => Promise<void> = async () => {}) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/**
 * The Active and Expired lists are empty unless a test says otherwise (with a token, opening the
 * page asks them for the states of this browser's pushes).
 */
export function answerListsEmpty(): void {
  pwpush.activePushes.mockResolvedValue(ok(makePage([])));
  pwpush.expiredPushes.mockResolvedValue(ok(makePage([])));
}

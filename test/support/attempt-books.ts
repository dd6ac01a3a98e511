import { vi } from 'vitest';
import type { AttemptBook } from '@/lib/attempts/book';

/** An attempt book that keeps nothing and touches no storage: for tests about anything but the attempts. */
export function quietBook(): { [K in keyof AttemptBook]: ReturnType<typeof vi.fn<AttemptBook[K]>> } {
  return {
    begin: vi.fn<AttemptBook['begin']>().mockResolvedValue(true),
    settle: vi.fn<AttemptBook['settle']>().mockResolvedValue('kept'),
    forget: vi.fn<AttemptBook['forget']>().mockResolvedValue(undefined),
    unknown: vi.fn<AttemptBook['unknown']>().mockResolvedValue(undefined),
    eligible: vi.fn<AttemptBook['eligible']>(async (_baseUrl, _id, tokens) => new Set(tokens)),
    rivals: vi.fn<AttemptBook['rivals']>().mockResolvedValue(false),
  };
}

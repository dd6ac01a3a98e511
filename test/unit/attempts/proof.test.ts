import { describe, expect, it } from 'vitest';
import { parsePushList } from '@/lib/pwpush/parse';
import type { Push, PushInput, RetrievedPush } from '@/lib/pwpush/types';
import { CLOCK_MARGIN_MS, listedAsSent, proofWindow, sameContent, sameSettings, type LiveAttempt } from '@/lib/attempts/proof';
import { makePush, pushRecord } from '@/test/support/pwpush-fixtures';

const STARTED = Date.parse('2026-08-21T10:15:00.000Z');
const NOW = STARTED + 20_000;
const input: PushInput = {
  kind: 'text',
  payload: 'the secret',
  expireAfterDays: 7,
  expireAfterViews: 5,
  deletableByViewer: true,
  retrievalStep: true,
  name: 'db',
  note: 'for Kim',
};
const attempt = (overrides: Partial<PushInput> = {}, more: Partial<LiveAttempt> = {}): LiveAttempt => ({
  id: 'a1',
  baseUrl: 'https://pwpush.example',
  startedAt: STARTED,
  input: { ...input, ...overrides },
  edition: 'oss',
  ...more,
});

/** One push as the Active list shows it (with its plaintext passphrase, docs/password-pusher.md#lists). */
function listed(overrides: Record<string, unknown> = {}): Push {
  const parsed = parsePushList([pushRecord({ name: 'db', note: 'for Kim', passphrase: '', created_at: iso(STARTED + 500), ...overrides })]);
  if (!parsed.ok) throw new Error('not parsed');
  return parsed.value[0]!;
}
const iso = (ms: number) => new Date(ms).toISOString();

describe('the window a push of this attempt was created in (server clock)', () => {
  const window = proofWindow(attempt(), NOW);

  it.each([
    ['2 minutes before the attempt started', STARTED - CLOCK_MARGIN_MS, true],
    ['just before that', STARTED - CLOCK_MARGIN_MS - 1, false],
    ['2 minutes after now', NOW + CLOCK_MARGIN_MS, true],
    ['just after that', NOW + CLOCK_MARGIN_MS + 1, false],
  ])('%s: %s', (_label, createdAt, inside) => {
    expect(listedAsSent(listed({ created_at: iso(createdAt) }), attempt(), window)).toBe(inside);
  });

  it('is narrowed by an answer: a twin was made between the request leaving and now, whatever the clocks say', () => {
    // The server's clock runs 90 s ahead; the answer named a push made at its 10:16:30.400.
    const named = makePush({ createdAt: iso(STARTED + 90_400) });
    const answered = attempt({}, { answered: { push: named, at: STARTED + 1_000 } });
    const narrow = proofWindow(answered, STARTED + 2_000);
    const at = (ms: number) => listed({ created_at: iso(ms) });
    // The re-sent twin arrived before the named one, after the request left.
    expect(listedAsSent(at(STARTED + 90_100), answered, narrow)).toBe(true);
    // A push of the same secret made by hand a minute earlier is outside, though within ±2 minutes.
    expect(listedAsSent(at(STARTED + 30_000), answered, narrow)).toBe(false);
    expect(listedAsSent(at(STARTED + 30_000), answered, proofWindow(attempt(), STARTED + 2_000))).toBe(true);
  });
});

describe('a listed push sent as this attempt asked', () => {
  const window = proofWindow(attempt(), NOW);

  it('matches with the same settings, labels and passphrase', () => {
    expect(listedAsSent(listed(), attempt(), window)).toBe(true);
  });

  it.each([
    ['days', { expire_after_days: 3 }],
    ['views', { expire_after_views: 1 }],
    ['deletable by viewer', { deletable_by_viewer: false }],
    ['retrieval step', { retrieval_step: false }],
    ['name', { name: 'other' }],
    ['note', { note: '' }],
    ['a passphrase where none was set (a push made elsewhere with the same token)', { passphrase: 'elsewhere' }],
    ['an expired push, whose passphrase the list no longer shows', { passphrase: null, expired: true }],
  ])('not with another %s', (_label, change) => {
    expect(listedAsSent(listed(change), attempt(), window)).toBe(false);
  });

  it('compares the passphrase itself, not only whether there is one', () => {
    expect(listedAsSent(listed({ passphrase: 'open sesame' }), attempt({ passphrase: 'open sesame' }), window)).toBe(true);
    expect(listedAsSent(listed({ passphrase: 'open sesamE' }), attempt({ passphrase: 'open sesame' }), window)).toBe(false);
    expect(listedAsSent(listed({ passphrase: '' }), attempt({ passphrase: 'open sesame' }), window)).toBe(false);
  });

  it('never matches a push not read from a list (its passphrase is unknown)', () => {
    expect(listedAsSent(makePush({ name: 'db', note: 'for Kim', createdAt: iso(STARTED) }), attempt(), window)).toBe(false);
  });

  it('expects null "deletable by viewer" for a URL push, as the server stores it', () => {
    expect(sameSettings(makePush({ deletableByViewer: null, name: 'db', note: 'for Kim' }), { ...input, kind: 'url' }, 'oss')).toBe(true);
    expect(sameSettings(makePush({ deletableByViewer: true, name: 'db', note: 'for Kim' }), { ...input, kind: 'url' }, 'oss')).toBe(false);
  });

  it('ignores days on a commercial instance, which rounds them to its durations', () => {
    const push = makePush({ expireAfterDays: 14, name: 'db', note: 'for Kim' });
    expect(sameSettings(push, { ...input, expireAfterDays: 10 }, 'commercial')).toBe(true);
  });
});

describe("the owner's read of a candidate: the same payload and files", () => {
  const retrieved = (overrides: Partial<RetrievedPush>): RetrievedPush => ({
    ...makePush(),
    payload: 'the secret',
    files: [],
    ...overrides,
  });

  it.each([
    ['the same text', input, retrieved({}), true],
    ['another text', input, retrieved({ payload: 'the secreT' }), false],
    [
      'a text push against a file push with the same text',
      input,
      retrieved({ files: [{ filename: 'a.txt', contentType: 'text/plain', url: 'x' }] }),
      false,
    ],
    ['an expired push (payload gone)', input, retrieved({ payload: null, expired: true }), false],
  ])('%s → %s', (_label, sent, read, same) => {
    expect(sameContent(read, sent)).toBe(same);
  });

  it('a file push: the same file names in any order, its text with the line ends multipart gave it', () => {
    const files = [new File(['1'], 'b: report.pdf'), new File(['2'], 'a.txt')];
    const sent: PushInput = { kind: 'file', payload: 'line one\nline two', files };
    const server = (names: string[], payload: string | null = 'line one\r\nline two') =>
      retrieved({ payload, files: names.map((filename) => ({ filename, contentType: '', url: 'x' })) });
    // Active Storage sanitizes the names it keeps (":" becomes "-"), docs/exactly-once.md.
    expect(sameContent(server(['a.txt', 'b- report.pdf']), sent)).toBe(true);
    expect(sameContent(server(['a.txt']), sent)).toBe(false);
    expect(sameContent(server(['a.txt', 'b- report.pdf', 'c.txt']), sent)).toBe(false);
    expect(sameContent(server(['a.txt', 'b- report.pdf'], 'line one'), sent)).toBe(false);
    expect(sameContent(server([], null), { kind: 'file', payload: '', files: [] })).toBe(true);
  });
});

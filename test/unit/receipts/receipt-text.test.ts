import { describe, expect, it } from 'vitest';
import { pushTime } from '@/lib/history/push-label';
import { receiptLine, receiptMessage } from '@/lib/receipts/receipt-text';
import type { Receipt } from '@/lib/receipts/types';

/**
 * A receipt says only what the server proves, and a notification shows only bounded, isolated text:
 * it can show on a lock screen, be synced to other devices, and no element around it isolates
 * what it quotes.
 */

const CREATED = '2026-11-27T09:15:00.000Z';
const FOUND = Date.parse('2026-11-27T10:00:00.000Z');
const expiry = (overrides: Partial<Receipt> = {}): Receipt => ({
  entryId: '1001',
  event: 'deleted',
  at: '2026-11-27T09:50:00.000Z',
  foundAt: FOUND,
  ...overrides,
});
const receipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  entryId: '1001',
  event: 'viewed',
  at: '2026-11-27T09:42:00.000Z',
  viewsLeft: 4,
  viewer: { kind: 'browser' },
  foundAt: FOUND,
  ...overrides,
});

/** What the hostile instance sent as the push's name: 20,165 characters with a link and a right-to-left override. */
const HOSTILE_NAME = `Wifi\u202E https://evil.example/phish?to=you ${'A'.repeat(20_165 - 40)}`.slice(0, 20_165);

describe('an expiry no person is named for', () => {
  it('a push deletable by viewers: by its recipient, or by you elsewhere (the expire event names no user)', () => {
    expect(receiptMessage(expiry(), { ownName: 'Wifi', createdAt: CREATED })).toBe(
      `“\u2068Wifi\u2069” was expired (by its recipient, or by you elsewhere) on ${pushTime('2026-11-27T09:50:00.000Z')}.`,
    );
    expect(receiptLine(expiry())).toBe(`Expired (by its recipient, or by you elsewhere) on ${pushTime('2026-11-27T09:50:00.000Z')}.`);
  });

  it('one not deletable by viewers, or one this browser expired: by you', () => {
    const byYou = expiry({ byYou: true });
    expect(receiptMessage(byYou, { ownName: 'Wifi', createdAt: CREATED })).toBe(
      `“\u2068Wifi\u2069” was expired by you on ${pushTime('2026-11-27T09:50:00.000Z')}.`,
    );
    expect(receiptLine(byYou)).toBe(`Expired by you on ${pushTime('2026-11-27T09:50:00.000Z')}.`);
  });
});

describe('the name a notification gives a push', () => {
  it("is what the person typed, never the server's copy: the hostile 20,165-character name with a link and an RLO is not shown", () => {
    const message = receiptMessage(receipt(), { name: HOSTILE_NAME, ownName: 'Wifi at the cabin', kind: 'text', createdAt: CREATED });
    expect(message).toMatch(/^“\u2068Wifi at the cabin\u2069” was opened on .+\. Opened by a browser\. 4 views left\.$/);
    expect(message).not.toContain('evil.example');
    expect(message).not.toContain('\u202E');
  });

  it("without a typed name, its kind and time, not the server's name", () => {
    const message = receiptMessage(receipt(), { name: HOSTILE_NAME, kind: 'text', createdAt: CREATED });
    expect(message).toBe(
      `Your text push of ${pushTime(CREATED)} was opened on ${pushTime('2026-11-27T09:42:00.000Z')}. Opened by a browser. 4 views left.`,
    );
  });

  it('typed text is cut short, its bidi controls and links taken out, and isolated', () => {
    const message = receiptMessage(receipt(), { ownName: HOSTILE_NAME, createdAt: CREATED });
    expect(message.length).toBeLessThan(200);
    expect(message).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E]/);
    expect(message).not.toMatch(/https?:|evil\.example/);
    expect(message).toMatch(/^“\u2068Wifi … A+…\u2069” was opened on /);
  });

  it("a file push's file names the same way", () => {
    const message = receiptMessage(receipt(), { kind: 'file', fileNames: ['\u202Efdp.exe', 'www.evil.example/x.txt'], createdAt: CREATED });
    expect(message).not.toMatch(/[\u202A-\u202E]|evil\.example/);
    expect(message).toMatch(/^\u2068fdp\.exe, …\u2069 was opened on /);
  });
});

describe('when it happened', () => {
  it('a time after the receipt was found (a year-9999 view) is shown as when it was found', () => {
    const future = receipt({ at: '9999-12-31T23:59:59.000Z' });
    expect(receiptMessage(future, { ownName: 'Wifi', createdAt: CREATED })).toContain(`opened on ${pushTime(FOUND)}.`);
    expect(receiptLine(future)).toContain(`Opened on ${pushTime(FOUND)}.`);
    expect(receiptLine(future)).not.toContain('9999');
  });

  it('a time before the push was made is shown as when it was made; an unreadable one as when it was found', () => {
    expect(receiptMessage(receipt({ at: '1970-01-01T00:00:00.000Z' }), { ownName: 'Wifi', createdAt: CREATED })).toContain(
      `opened on ${pushTime(CREATED)}.`,
    );
    expect(receiptLine(receipt({ at: 'yesterday' }))).toContain(`Opened on ${pushTime(FOUND)}.`);
  });

  it('a push said to be made in year 9999 is labelled by when it was found', () => {
    const message = receiptMessage(receipt({ at: '9999-12-31T23:59:59.000Z' }), { kind: 'qr', createdAt: '9999-12-31T00:00:00.000Z' });
    expect(message).toBe(`Your QR code push of ${pushTime(FOUND)} was opened on ${pushTime(FOUND)}. Opened by a browser. 4 views left.`);
  });
});

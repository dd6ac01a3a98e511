import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SecretRequest } from '@/lib/pwpush/types';
import {
  pollRequestReceipts,
  REQUEST_RECEIPTS_ALARM,
  requestReceiptMessage,
  rescheduleRequestReceipts,
} from '@/lib/receipts/request-background';
import { compareRequests, requestLabel, watchedRequests, type WatchedRequest } from '@/lib/receipts/request-watch';
import { accountChoices, receiptsOn } from '@/lib/settings';
import { configure } from '@/test/components/pushes/fixtures';
import { BASE_URL } from '@/test/support/pwpush-fixtures';

/** Read receipts for requests (lib/receipts/request-background.ts, docs/password-pusher.md#requests-request-a-secret). */

const request = (overrides: Partial<SecretRequest> = {}): SecretRequest => ({
  urlToken: 'rq1',
  htmlUrl: `${BASE_URL}/r/rq1`,
  text: 'The VPN key',
  name: '',
  note: '',
  expired: false,
  expiredOn: null,
  createdAt: '2026-08-21T10:15:30.123Z',
  expireAfterDays: 7,
  daysRemaining: 7,
  expireAfterViews: 2,
  viewsRemaining: 2,
  answers: [],
  ...overrides,
});
const answer = (token: string, createdAt = '2026-08-21T11:00:00.000Z') => ({ urlToken: token, htmlUrl: '', createdAt, expired: false });
const watched = (overrides: Partial<WatchedRequest> = {}): WatchedRequest => ({
  baseUrl: BASE_URL,
  urlToken: 'rq1',
  label: 'The VPN key',
  createdAt: new Date().toISOString(),
  answersSeen: 0,
  ...overrides,
});

describe('requestLabel', () => {
  it.each([
    ['its name', { name: ' VPN ', text: 'x' }, 'VPN'],
    ['else the text, on one line', { name: '', text: 'The\nVPN   key' }, 'The VPN key'],
    ['cut at 60 characters', { name: '', text: 'x'.repeat(80) }, `${'x'.repeat(59)}…`],
  ])('is %s', (_, source, label) => {
    expect(requestLabel(source)).toBe(label);
  });
});

describe('compareRequests', () => {
  it.each([
    ['no answer yet: no receipt, still watched', [request()], [], [0]],
    [
      'a first answer: a receipt',
      [request({ answers: [answer('a1')] })],
      [{ answers: 1, closed: false, at: '2026-08-21T11:00:00.000Z' }],
      [1],
    ],
    [
      'the last answer: a receipt that says it is closed, and no longer watched',
      [request({ expired: true, answers: [answer('a1'), answer('a2', '2026-08-21T12:00:00.000Z')] })],
      [{ answers: 2, closed: true, at: '2026-08-21T12:00:00.000Z' }],
      [],
    ],
    ['closed without answers: no receipt, no longer watched', [request({ expired: true })], [], []],
    ['no longer listed: no longer watched', [], [], []],
  ])('%s', (_, listed, receipts, still) => {
    const outcome = compareRequests([watched()], listed);
    expect(outcome.receipts).toEqual(receipts.map((receipt) => ({ urlToken: 'rq1', label: 'The VPN key', ...receipt })));
    expect(outcome.still.map((entry) => entry.answersSeen)).toEqual(still);
  });

  it('tells an answer once', () => {
    const listed = [request({ answers: [answer('a1')] })];
    const first = compareRequests([watched()], listed);
    expect(compareRequests(first.still, listed).receipts).toEqual([]);
  });
});

describe('the request receipts in the background', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    await configure();
    fetchMock = vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const listing = (body: unknown) =>
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  const wire = (overrides: Record<string, unknown> = {}) => ({
    url_token: 'rq1',
    html_url: `${BASE_URL}/r/rq1`,
    request: 'The VPN key',
    name: '',
    expired: false,
    created_at: new Date().toISOString(),
    expire_after_views: 1,
    responses: [],
    ...overrides,
  });

  it('says an answered request with its label and time, never the answer or the link, and stops watching it once closed', async () => {
    await watchedRequests.setValue([watched()]);
    listing([
      wire({
        expired: true,
        responses: [{ url_token: 'ans1', html_url: `${BASE_URL}/p/ans1`, created_at: '2026-08-21T11:00:00.000Z', expired: false }],
      }),
    ]);
    await pollRequestReceipts();
    const shown = Object.values(fakeBrowser.notifications.getAllCreateOptions());
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('Your request was answered');
    // The label is isolated where it is said (lib/short-text.ts).
    expect(shown[0]!.message).toMatch(
      /^“\u2068The VPN key\u2069” was answered on .+ and takes no more answers\. Read it on the Pushes page\.$/,
    );
    expect(JSON.stringify(shown)).not.toMatch(/ans1|rq1/);
    expect(await watchedRequests.getValue()).toEqual([]);
    expect(await fakeBrowser.alarms.get(REQUEST_RECEIPTS_ALARM)).toBeUndefined();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${BASE_URL}/api/v2/requests?page=1`);
  });

  it('polls in the chosen account only the requests made in it, and keeps the others for later', async () => {
    await accountChoices.setValue({ [BASE_URL]: { id: '12', name: 'Team' } });
    await watchedRequests.setValue([watched({ accountId: '12' }), watched({ urlToken: 'rq2', accountId: '11' })]);
    listing([wire({ expire_after_views: 2 })]);
    await pollRequestReceipts();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${BASE_URL}/api/v2/requests?page=1&account_id=12`);
    expect((await watchedRequests.getValue()).map((entry) => entry.urlToken).sort()).toEqual(['rq1', 'rq2']);
    expect(await fakeBrowser.alarms.get(REQUEST_RECEIPTS_ALARM)).toBeDefined();
  });

  it('asks nothing with receipts off, or with nothing watched', async () => {
    await rescheduleRequestReceipts();
    expect(await fakeBrowser.alarms.get(REQUEST_RECEIPTS_ALARM)).toBeUndefined();
    await watchedRequests.setValue([watched()]);
    await receiptsOn.setValue(false);
    await pollRequestReceipts();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says nothing of a failed poll and tries again later', async () => {
    await watchedRequests.setValue([watched()]);
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));
    await pollRequestReceipts();
    expect(Object.values(fakeBrowser.notifications.getAllCreateOptions())).toEqual([]);
    expect(await watchedRequests.getValue()).toHaveLength(1);
    expect(await fakeBrowser.alarms.get(REQUEST_RECEIPTS_ALARM)).toBeDefined();
  });

  it('words a receipt that takes more answers', () => {
    expect(requestReceiptMessage({ urlToken: 'x', label: 'VPN', at: '2026-08-21T11:00:00.000Z', answers: 1, closed: false })).toMatch(
      /^“\u2068VPN\u2069” was answered on .+\. Read it on the Pushes page\.$/,
    );
  });

  it('quotes a label as a notification quotes text: no bidi control, no link, cut short', () => {
    const label = `VPN\u202E https://evil.example/x ${'A'.repeat(20_000)}`;
    const message = requestReceiptMessage({ urlToken: 'x', label, at: '2026-08-21T11:00:00.000Z', answers: 1, closed: false });
    expect(message.length).toBeLessThan(200);
    expect(message).not.toMatch(/\u202E|evil\.example/);
  });
});

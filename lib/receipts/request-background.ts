import { pacerFor } from '../pace/instance-pacers';
import { paceOf } from '../pace/request-pace';
import { browser } from 'wxt/browser';
import { dateTimeFormat } from '../date-time';
import { t } from '../i18n';
import { listRequests } from '../pwpush/requests';
import { getConnection, receiptsOn } from '../settings';
import { sameInstance } from '../push-lists/rows';
import { notificationText } from '../short-text';
import { nextPollAt } from './schedule';
import { compareRequests, watchedRequests, type RequestReceipt, type WatchedRequest } from './request-watch';

/**
 * Read receipts for requests ("Request a secret", docs/password-pusher.md#requests-request-a-secret):
 * while a request made in this browser is open, its own alarm reads the first page of the account's
 * requests (one request a poll) on the schedule the push receipts keep (./schedule.ts: every minute in
 * the first hour after the youngest, then every 5, after a day every 15), and says when one is answered.
 * The answer's content is never read here.
 */

export const REQUEST_RECEIPTS_ALARM = 'pushgate-request-receipts';
const PREFIX = 'pushgate-request:';

export function registerRequestReceipts(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === REQUEST_RECEIPTS_ALARM) void pollRequestReceipts();
  });
  browser.notifications.onClicked.addListener(async (id) => {
    if (!id.startsWith(PREFIX)) return;
    await browser.tabs.create({ url: browser.runtime.getURL('/pushes.html#requests') });
    await browser.notifications.clear(id);
  });
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    if (
      'watchedRequests' in changes ||
      'receiptsOn' in changes ||
      'apiToken' in changes ||
      'instanceUrl' in changes ||
      'accountChoice' in changes
    ) {
      void rescheduleRequestReceipts();
    }
  });
}

/** The watched requests the saved instance, token and account can ask about; none when receipts are off. */
async function ours() {
  const [connection, on, watched] = await Promise.all([getConnection(), receiptsOn.getValue(), watchedRequests.getValue()]);
  if (!on || !connection?.token) return null;
  const mine = (entry: WatchedRequest) =>
    sameInstance(entry.baseUrl, connection.baseUrl) && (entry.accountId ?? '') === (connection.accountId ?? '');
  return { connection, watched, mine: watched.filter(mine) };
}

const createdTimes = (entries: readonly WatchedRequest[]) =>
  entries.map((entry) => Date.parse(entry.createdAt)).filter((time) => Number.isFinite(time));

/** Sets the alarm while a request of the saved instance and account is watched; clears it otherwise. */
export async function rescheduleRequestReceipts(now = Date.now()): Promise<void> {
  const found = await ours();
  if (!found || found.mine.length === 0) return void (await browser.alarms.clear(REQUEST_RECEIPTS_ALARM));
  if (await browser.alarms.get(REQUEST_RECEIPTS_ALARM)) return;
  const when = nextPollAt({ now, watchedCreatedAt: createdTimes(found.mine) });
  if (when !== null) await browser.alarms.create(REQUEST_RECEIPTS_ALARM, { when });
}

let running: Promise<void> | null = null;

/** One poll, then the next alarm; a poll already running is joined. */
export function pollRequestReceipts(): Promise<void> {
  running ??= pollOnce()
    .catch(() => rescheduleRequestReceipts())
    .finally(() => {
      running = null;
    });
  return running;
}

async function pollOnce(now = Date.now()): Promise<void> {
  const found = await ours();
  if (!found || found.mine.length === 0) return void (await browser.alarms.clear(REQUEST_RECEIPTS_ALARM));
  const { connection, watched, mine } = found;
  const answer = await listRequests({ ...connection, pace: paceOf(pacerFor(connection.baseUrl), 'receipts') }, 1);
  if (!answer.ok) {
    // A failed poll tries again at the push receipts' slowest pace; nothing is said for it.
    await browser.alarms.create(REQUEST_RECEIPTS_ALARM, { when: now + 15 * 60_000 });
    return;
  }
  const { receipts, still } = compareRequests(mine, answer.value.items);
  const others = watched.filter((entry) => !mine.includes(entry));
  await watchedRequests.setValue([...others, ...still]);
  await notify(receipts);
  const when = nextPollAt({ now, watchedCreatedAt: createdTimes(still), lastPollAt: now, lastRequests: 1 });
  if (when === null) await browser.alarms.clear(REQUEST_RECEIPTS_ALARM);
  else await browser.alarms.create(REQUEST_RECEIPTS_ALARM, { when });
}

/** What a receipt says: the request by its label, when, and whether it takes more. Never the answer. */
export function requestReceiptMessage(receipt: RequestReceipt): string {
  const when = Number.isFinite(Date.parse(receipt.at)) ? dateTimeFormat().format(new Date(receipt.at)) : '';
  const label = notificationText(receipt.label);
  return receipt.closed ? t('notifyRequestAnsweredClosed', label, when) : t('notifyRequestAnswered', label, when);
}

async function notify(receipts: readonly RequestReceipt[]): Promise<void> {
  const icon = browser.runtime.getURL('/icons/128.png');
  for (const receipt of receipts) {
    await browser.notifications.create(`${PREFIX}${crypto.randomUUID()}`, {
      type: 'basic',
      iconUrl: icon,
      title: t('notifyRequestTitle'),
      message: requestReceiptMessage(receipt),
    });
  }
}

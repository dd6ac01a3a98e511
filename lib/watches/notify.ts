import { browser } from 'wxt/browser';
import type { Wait } from '../airport/airport-board';
import { airportTimeZone } from '../airport/sources/catalog';
import { openSidePanel } from '../browser/side-panel';
import { displayLocale, t } from '../i18n';
import { airportPanelFocus } from '../settings/watches';
import { agoText, airportTimeText, waitText } from '../wait-times/format';
import type { Observation } from './rule';
import { notificationText } from './safe-text';
import type { Watch, WatchEndReason } from './types';
import { airportTitle, endText, ruleText, targetText } from './words';

/**
 * A watch's notifications: the airport and checkpoint, the value and when it was measured, on the
 * airport's clock; a feed's text only through `notificationText` (./safe-text.ts). A click opens
 * the side panel at that airport and checkpoint: where is kept in the notification's id, since the
 * service worker may be stopped between showing it and the click, and so is the window, which
 * must be known before the click (the side panel opens only within the click's own turn).
 */

const PREFIX = 'pushgate-watch:';

/** The ends worth a notification of their own: not the person's own Stop, nor a flight that left or changed. */
const ENDS_TOLD = new Set<WatchEndReason>(['expired', 'no-access', 'no-source', 'source-error']);

export const isToldEnd = (reason: WatchEndReason): boolean => ENDS_TOLD.has(reason);

async function lastWindow(): Promise<number | null> {
  try {
    return (await browser.windows.getLastFocused()).id ?? null;
  } catch {
    return null;
  }
}

async function show(title: string, message: string, iata: string | null, checkpoint: string | null): Promise<void> {
  const window = await lastWindow();
  const where = [window ?? '', iata ?? '', encodeURIComponent(checkpoint ?? '')].join(':');
  await browser.notifications.create(`${PREFIX}${where}:${crypto.randomUUID()}`, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icons/128.png'),
    title,
    message,
  });
}

const checkpointOf = (watch: Watch): string | null => (watch.target.kind === 'checkpoint' ? watch.target.id : null);
const named = (watch: Watch): string => targetText(watch, (name) => notificationText(name));

/** "measured at 07:42 (2 min ago)", on the airport's clock. */
function whenText(measuredAt: number, now: number, iata: string): string {
  const time = airportTimeText(measuredAt, now, airportTimeZone(iata), displayLocale());
  return t('notifyWatchMeasured', time, agoText(Math.max(0, Math.floor((now - measuredAt) / 60_000))));
}

/** A watch met: what it waited for, where, the value and its age. `leaveAt`: My flight's new leave-by, for `leave-earlier`. */
export async function notifyMet(watch: Watch, seen: Observation, now: number, leaveAt: number | null = null): Promise<void> {
  const where = airportTitle(watch.iata);
  const value = waitText(seen.wait);
  const when = whenText(seen.measuredAt, now, watch.iata);
  if (watch.rule.kind === 'leave-earlier' && watch.target.kind === 'flight') {
    const { flight, baselineMinutes } = watch.target;
    const leave = leaveAt === null ? '' : airportTimeText(leaveAt, now, airportTimeZone(watch.iata), displayLocale());
    const before: Wait | null = baselineMinutes === null ? null : { kind: 'minutes', minutes: baselineMinutes };
    await show(
      t('notifyWatchLeaveTitle', flight.flight),
      t('notifyWatchLeave', leave, where, value, when, waitText(before)),
      watch.iata,
      null,
    );
    return;
  }
  const title = t(watch.rule.kind === 'under' ? 'notifyWatchUnderTitle' : 'notifyWatchOverTitle', ruleMinutes(watch), watch.iata);
  await show(title, t('notifyWatchMet', named(watch), where, value, when), watch.iata, checkpointOf(watch));
}

const ruleMinutes = (watch: Watch): number => (watch.rule.kind === 'leave-earlier' ? 0 : watch.rule.minutes);

/** A watch that ended by itself without being met (six hours, access taken back …). */
export async function notifyEnded(watch: Watch, reason: WatchEndReason): Promise<void> {
  const message = t(
    'notifyWatchEnded',
    named(watch),
    airportTitle(watch.iata),
    ruleText(watch.rule),
    endText({ reason, rule: watch.rule }),
  );
  await show(t('notifyWatchEndedTitle'), message, watch.iata, checkpointOf(watch));
}

/** The watches on Swedavia's API stopped before its monthly quota would run out: one notification for all. */
export async function notifyQuotaStop(used: number, quota: number): Promise<void> {
  const number = new Intl.NumberFormat(displayLocale());
  await show(t('notifyWatchesStoppedTitle'), t('notifyWatchesQuota', number.format(used), number.format(quota)), null, null);
}

/**
 * Opens the side panel at an airport and checkpoint: the panel reads where from `airportPanelFocus`
 * (a live one switches to it). The panel is opened first, within the click's turn; the note is
 * written meanwhile, long before the panel's page reads it.
 */
export function openPanelAt(iata: string | null, checkpoint: string | null, windowId: number | undefined): Promise<unknown> {
  const noted = iata ? airportPanelFocus.setValue({ iata, checkpoint, at: Date.now() }) : Promise.resolve();
  const opened = openSidePanel(windowId);
  return Promise.all([noted.catch(() => undefined), opened.catch(() => false)]);
}

/** What a watch notification's id says: the window it was shown in, the airport and checkpoint. */
export function placeOf(id: string): { windowId: number | undefined; iata: string | null; checkpoint: string | null } | null {
  if (!id.startsWith(PREFIX)) return null;
  const [window = '', iata = '', checkpoint = ''] = id.slice(PREFIX.length).split(':');
  const windowId = /^\d+$/.test(window) ? Number(window) : undefined;
  let decoded = '';
  try {
    decoded = decodeURIComponent(checkpoint);
  } catch {
    decoded = '';
  }
  return { windowId, iata: /^[A-Z]{3}$/.test(iata) ? iata : null, checkpoint: decoded || null };
}

/** A click on notification `id`: a watch's opens the side panel where it says; false for any other. */
export function clickedNotification(id: string): boolean {
  const place = placeOf(id);
  if (!place) return false;
  void openPanelAt(place.iata, place.checkpoint, place.windowId).then(() => browser.notifications.clear(id));
  return true;
}

/** Registered in the background's first turn; other notifications are left to their own listeners. */
export function listenForWatchClicks(): void {
  browser.notifications.onClicked.addListener((id) => {
    clickedNotification(id);
  });
}

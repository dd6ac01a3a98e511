import type { SourceId } from '@/lib/airport/airport-board';
import { countMessage, t } from '@/lib/i18n';
import { airportTimeText, durationText } from '@/lib/wait-times/format';
import { sourceName } from '@/lib/wait-times/source-words';
import { MONTHLY_CALL_QUOTA } from '@/lib/wait-times/usage';
import { CHECK_EVERY_MS, requestsFor, WATCH_QUOTA_CEILING } from '@/lib/watches/plan';
import { countText } from './time';

/**
 * What a watch will cost, said before it is set: the requests it adds at most, one every five
 * minutes until it ends (lib/watches/plan.ts `requestsFor`), and against Swedavia's monthly quota
 * what is used and whether enough is left. Words only; `blocked`: nothing may be set.
 */

export interface CostInput {
  source: SourceId;
  now: number;
  endsAt: number;
  timeZone: string;
  boardFresh: boolean;
  /** Until when another watch on this airport already asks. */
  coveredUntil: number | null;
  /** Swedavia's API calls this month. */
  apiCalls: number;
  locale?: string;
}

export interface Cost {
  lines: string[];
  /** The quota watches may use is spent: no watch on Swedavia's API this month. */
  blocked: boolean;
}

export function watchCost({ source, now, endsAt, timeZone, boardFresh, coveredUntil, apiCalls, locale }: CostInput): Cost {
  const requests = requestsFor({ now, endsAt, boardFresh, coveredUntil });
  const until = airportTimeText(endsAt, now, timeZone, locale);
  const who = sourceName(source);
  const first =
    requests === 0
      ? t('sidepanelWatchCostNone', until, who)
      : t(countMessage(requests, 'sidepanelWatchCostOne', 'sidepanelWatchCost'), until, countText(requests, locale), who);
  if (source !== 'swedavia-api') return { lines: [first], blocked: false };
  const left = WATCH_QUOTA_CEILING - apiCalls;
  if (left <= 0) return { lines: [t('sidepanelWatchQuotaNone', countText(WATCH_QUOTA_CEILING, locale))], blocked: true };
  const used = t(
    'sidepanelWatchQuota',
    countText(apiCalls, locale),
    countText(MONTHLY_CALL_QUOTA, locale),
    countText(WATCH_QUOTA_CEILING, locale),
  );
  if (requests <= left) return { lines: [first, used], blocked: false };
  const lasts = durationText((left * CHECK_EVERY_MS) / 1000);
  return { lines: [first, used, t('sidepanelWatchQuotaShort', countText(left, locale), lasts)], blocked: false };
}

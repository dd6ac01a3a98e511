import type { Wait } from '../airport/airport-board';
import { t } from '../i18n';
import { airportName } from '../wait-times/airport-names';
import { waitText } from '../wait-times/format';
import type { EndedWatch, Watch, WatchRule } from './types';

/**
 * Watches in words, for the side panel's list and the notifications: what each waits for and why
 * one ended. A checkpoint's name is the feed's: the caller shows it as server text.
 */

/** "under 10 min", "over 20 min", "if you must leave earlier". */
export function ruleText(rule: WatchRule): string {
  switch (rule.kind) {
    case 'under':
      return t('sidepanelWatchRuleUnder', rule.minutes);
    case 'over':
      return t('sidepanelWatchRuleOver', rule.minutes);
    case 'leave-earlier':
      return t('sidepanelWatchRuleLeaveEarlier');
  }
}

/** "Copenhagen Airport (CPH)", or the code alone for an airport outside the catalogue. */
export function airportTitle(iata: string): string {
  const name = airportName(iata);
  return name ? t('sidepanelAirportTitle', name, iata) : iata;
}

/** Why a watch ended, in a sentence; `value` is the wait it last saw, if any. */
export function endText(watch: Pick<EndedWatch, 'reason' | 'rule'>, value: Wait | null = null): string {
  switch (watch.reason) {
    case 'met':
      return value ? t('sidepanelWatchEndedMetValue', waitText(value)) : t('sidepanelWatchEndedMet');
    case 'expired':
      return t('sidepanelWatchEndedExpired');
    case 'flight-left':
      return t('sidepanelWatchEndedFlightLeft');
    case 'flight-changed':
      return t('sidepanelWatchEndedFlightChanged');
    case 'quota':
      return t('sidepanelWatchEndedQuota');
    case 'no-access':
      return t('sidepanelWatchEndedNoAccess');
    case 'no-source':
      return t('sidepanelWatchEndedNoSource');
    case 'source-error':
      return t('sidepanelWatchEndedSourceError');
    case 'stopped':
      return t('sidepanelWatchEndedStopped');
  }
}

/** What a watch is on: "Terminal 2" (server text, for the caller to isolate), or "My flight SK1415". */
export function targetText(watch: Pick<Watch, 'target'>, checkpointName: (name: string) => string): string {
  return watch.target.kind === 'flight' ? t('sidepanelWatchTargetFlight', watch.target.flight.flight) : checkpointName(watch.target.name);
}

import { iataProblemText } from '@/lib/wait-times/format';
import { normalizeIata } from '@/lib/airport/iata';
import { t } from '@/lib/i18n';
import { normalizeInstanceUrl, type InstanceUrlProblem } from '@/lib/settings/instance-url';
import type { FeedUrls } from '@/lib/settings/airport';
import { type FeedDraft, type FeedErrors, feedDraftFrom, readFeedDraft } from './feed-form';
import { wholeNumberIn } from './instance-form';

/** The airport form as typed; the refresh interval stays text until Save, like the push defaults. */
export interface AirportDraft {
  url: string;
  primaryKey: string;
  secondaryKey: string;
  /** The AirportInfo key (the airport list), a product of its own: optional. */
  infoKey: string;
  defaultAirport: string;
  refreshMinutes: string;
  /** The origin the key fields were filled for: keys never go to another one (see `changeAirportDraft`). */
  keysOrigin: string;
  /** Each airport website's feed address, as typed (./feed-form.ts). */
  feedUrls: FeedDraft;
}

/** The origin a typed URL names, or the trimmed text while it is no valid URL yet. */
export function draftOrigin(url: string): string {
  const checked = normalizeInstanceUrl(url);
  return checked.ok ? checked.origin : url.trim();
}

/**
 * The draft after one edit. A key belongs to the origin it was typed or saved for: when the URL
 * comes to name another origin, every key field empties, so neither Save nor Test can send a key
 * to a server it was not meant for. `clearedFor` names the origin whose keys were dropped (for the
 * note that says why), null when nothing was dropped.
 */
export function changeAirportDraft(draft: AirportDraft, change: Partial<AirportDraft>): { draft: AirportDraft; clearedFor: string | null } {
  const next = { ...draft, ...change };
  const origin = draftOrigin(next.url);
  const keyTyped = change.primaryKey !== undefined || change.secondaryKey !== undefined || change.infoKey !== undefined;
  if (keyTyped) return { draft: { ...next, keysOrigin: origin }, clearedFor: null };
  if (change.url === undefined || origin === draft.keysOrigin) return { draft: next, clearedFor: null };
  const hadKeys = [draft.primaryKey, draft.secondaryKey, draft.infoKey].some((key) => key.trim() !== '');
  return {
    draft: { ...next, primaryKey: '', secondaryKey: '', infoKey: '', keysOrigin: origin },
    clearedFor: hadKeys ? draft.keysOrigin : null,
  };
}

/** The fields that can be wrong, in page order, with their element ids (the first one gets the focus). */
export const AIRPORT_FIELD_IDS = {
  url: 'airport-api-url',
  primaryKey: 'airport-key',
  secondaryKey: 'airport-secondary-key',
  infoKey: 'airport-info-key',
  defaultAirport: 'default-airport',
  refreshMinutes: 'airport-refresh-minutes',
} as const;
export type AirportField = keyof typeof AIRPORT_FIELD_IDS;
export type AirportErrors = Partial<Record<AirportField, string>> & { feeds?: FeedErrors };

export interface AirportSettingsInput {
  origin: string;
  keys: { primary: string; secondary: string; info: string };
  /** Upper case, or empty for none. */
  defaultAirport: string;
  refreshMinutes: number;
  /** The feed addresses that are not the websites' own. */
  feedUrls: FeedUrls;
}

export type AirportReading = { ok: true; value: AirportSettingsInput } | { ok: false; errors: AirportErrors };

/**
 * At least 1 minute; at most a day, beyond which "refresh" means nothing. The default of 5
 * comes from the quota: about 10,000 calls a month, and one airport every 5 minutes around the
 * clock is 8,640 of them (docs/airport-api.md#quota).
 */
export const REFRESH_RANGE = { min: 1, max: 1440 } as const;
export const MONTHLY_QUOTA = 10_000;
const MINUTES_PER_MONTH = 30 * 24 * 60;

/** Calls a month for one airport refreshed every `minutes` around the clock. */
export function callsPerMonth(minutes: number): number {
  return Math.ceil(MINUTES_PER_MONTH / minutes);
}

export function airportDraftFrom(stored: {
  url: string;
  keys: { primary: string; secondary: string; info?: string };
  defaultAirport: string;
  refreshMinutes: number;
  feedUrls?: FeedUrls;
}): AirportDraft {
  return {
    url: stored.url,
    primaryKey: stored.keys.primary,
    secondaryKey: stored.keys.secondary,
    infoKey: stored.keys.info ?? '',
    defaultAirport: stored.defaultAirport,
    refreshMinutes: String(stored.refreshMinutes),
    keysOrigin: draftOrigin(stored.url),
    feedUrls: feedDraftFrom(stored.feedUrls ?? {}),
  };
}

/**
 * Checks every airport field at once. The subscription key is optional for Save (no key: no
 * wait times, nothing is called), but `keyRequired` for Test, which has nothing to try without one.
 */
export function readAirportDraft(draft: AirportDraft, { keyRequired = false } = {}): AirportReading {
  const errors: AirportErrors = {};
  const url = normalizeInstanceUrl(draft.url);
  if (!url.ok) errors.url = urlProblemText(url.reason);
  // A key is one token; a pasted one often brings a line break along, which trimming drops.
  const primary = draft.primaryKey.trim();
  const secondary = draft.secondaryKey.trim();
  if (primary && !looksLikeKey(primary)) errors.primaryKey = t('optionsAirportKeyFormat');
  else if (!primary && secondary) errors.primaryKey = t('optionsAirportSecondaryWithoutPrimary');
  else if (!primary && keyRequired) errors.primaryKey = t('optionsAirportKeyNeeded');
  if (secondary && !looksLikeKey(secondary)) errors.secondaryKey = t('optionsAirportKeyFormat');
  const info = draft.infoKey.trim();
  if (info && !looksLikeKey(info)) errors.infoKey = t('optionsAirportKeyFormat');
  else if (info && !primary && !errors.primaryKey) errors.primaryKey = t('optionsAirportInfoWithoutPrimary');
  // Cannot happen through changeAirportDraft; a last guard that no key leaves for another origin.
  if (url.ok && (primary || secondary || info) && draft.keysOrigin !== url.origin) errors.primaryKey = t('optionsAirportKeysOtherOrigin');
  let airport = '';
  if (draft.defaultAirport.trim()) {
    const code = normalizeIata(draft.defaultAirport);
    if (code.ok) airport = code.iata;
    else errors.defaultAirport = iataProblemText(code.reason);
  }
  const minutes = wholeNumberIn(draft.refreshMinutes, REFRESH_RANGE);
  if (minutes === null) errors.refreshMinutes = t('optionsNumberRange', REFRESH_RANGE.min, REFRESH_RANGE.max);
  const feeds = readFeedDraft(draft.feedUrls);
  if (!feeds.ok) errors.feeds = feeds.errors;
  if (!url.ok || minutes === null || !feeds.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      origin: url.origin,
      keys: { primary, secondary, info },
      defaultAirport: airport,
      refreshMinutes: minutes,
      feedUrls: feeds.value,
    },
  };
}

/**
 * Printable ASCII without spaces: anything else cannot go into an HTTP header (fetch would
 * throw and it would look like a network failure), so it is a copy-paste slip.
 */
function looksLikeKey(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}

function urlProblemText(reason: InstanceUrlProblem): string {
  switch (reason) {
    case 'empty':
      return t('optionsAirportUrlEmpty');
    case 'invalid':
    case 'bare-word':
      return t('optionsAirportUrlInvalid');
    case 'insecure':
      return t('optionsAirportUrlInsecure');
    case 'not-http':
      return t('optionsAirportUrlNotHttp');
  }
}

import type { FeedId } from '@/lib/airport/airport-board';
import { FEED_IDS, SOURCES } from '@/lib/airport/sources/catalog';
import { t } from '@/lib/i18n';
import type { FeedUrls } from '@/lib/settings/airport';

/**
 * The airports' feed addresses on the settings page (docs/airport-sources.md#sources): each as
 * typed, its default shown as its value until changed. A corporate proxy or mirror is the reason
 * to change one; only the changed ones are stored.
 */

export type FeedDraft = Record<FeedId, string>;

/**
 * Plain http only to this computer, the two names the manifest's optional hosts list, as for the
 * instance and the Airport API URL (lib/settings/instance-url.ts).
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1']);
export type FeedErrors = Partial<Record<FeedId, string>>;

/** The element id of a feed's address field. */
export const feedFieldId = (source: FeedId): string => `feed-url-${source}`;

/** What the fields show: the stored address, else the website's own. */
export function feedDraftFrom(stored: FeedUrls): FeedDraft {
  return Object.fromEntries(FEED_IDS.map((source) => [source, stored[source]?.trim() || SOURCES[source].defaultUrl])) as FeedDraft;
}

export type FeedUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * One address as typed: a full https URL (http only on this computer, as for the instance), with
 * `{IATA}` where Swedavia's website needs the airport's code. Empty is the website's own again.
 */
export function readFeedUrl(source: FeedId, text: string): FeedUrlCheck {
  const typed = text.trim();
  if (typed === '') return { ok: true, url: SOURCES[source].defaultUrl };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, message: t('optionsFeedUrlInvalid') };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: t('optionsFeedUrlInvalid') };
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return { ok: false, message: t('optionsFeedUrlInsecure') };
  // A user name or password in the address would go to the site with every request, and be shown on this page.
  if (url.username || url.password) return { ok: false, message: t('optionsFeedUrlInvalid') };
  if (SOURCES[source].defaultUrl.includes('{IATA}') && !typed.includes('{IATA}')) return { ok: false, message: t('optionsFeedUrlIata') };
  return { ok: true, url: typed };
}

/** The addresses to store (those that are not the website's own), or the fields that are wrong. */
export function readFeedDraft(draft: FeedDraft): { ok: true; value: FeedUrls } | { ok: false; errors: FeedErrors } {
  const value: FeedUrls = {};
  const errors: FeedErrors = {};
  for (const source of FEED_IDS) {
    const check = readFeedUrl(source, draft[source]);
    if (!check.ok) errors[source] = check.message;
    else if (check.url !== SOURCES[source].defaultUrl) value[source] = check.url;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

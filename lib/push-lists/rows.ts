import type { ReadEntry } from '../history/read-entries';
import type { CheckedVia } from '../history/push-state';
import type { Page, Push, PushKind } from '../pwpush/types';

/**
 * The pushes page's lists without the UI: one row shape for the browser's history and the
 * server's active/expired lists, paging rules, the filter, and who may expire what.
 */

/** The server's page size and highest page number (docs/password-pusher.md#lists, #audit-log). */
export const PAGE_SIZE = 50;
export const MAX_PAGE = 200;

/** One push as a list shows it, whichever list it comes from. */
export interface PushRow {
  baseUrl: string;
  urlToken: string;
  /** The link to share; empty when unknown (then the preview endpoint builds it). */
  htmlUrl: string;
  /**
   * The API never returns the kind (docs/password-pusher.md#push-json): known only for pushes
   * made in this browser.
   */
  kind?: PushKind;
  name: string;
  /** A file push's file names, kept by this browser's history. */
  fileNames?: string[];
  note: string;
  createdAt: string;
  daysRemaining?: number;
  viewsRemaining?: number;
  /** `null` for URL pushes: only the owner can expire them (docs/password-pusher.md#delete). */
  deletableByViewer: boolean | null;
  retrievalStep: boolean;
  passphraseProtected?: boolean;
  expired: boolean;
  expiredAt?: string;
  /** Made in this browser: expiring it also updates the history. */
  inHistory: boolean;
  /** What push-state.ts needs to tell the state and how it was learned. */
  expireAfterDays?: number;
  expireAfterViews?: number;
  checkedAt?: number;
  checkedVia?: CheckedVia;
  openedHereAt?: number;
  withToken?: boolean;
  unlistedAt?: number;
  /** When this browser recorded it (history rows): what read receipts know it by. */
  recordedAt?: number;
}

/** When and through what the server told a row's state. */
export interface Checked {
  at: number;
  via: CheckedVia;
}

/** A push made in this browser, as a row. */
export function rowFromHistory(entry: ReadEntry): PushRow {
  const row: PushRow = {
    baseUrl: entry.baseUrl,
    urlToken: entry.urlToken,
    htmlUrl: entry.htmlUrl,
    kind: entry.kind,
    name: entry.name,
    note: entry.note ?? '',
    createdAt: entry.createdAt,
    deletableByViewer: entry.deletableByViewer,
    retrievalStep: entry.retrievalStep,
    passphraseProtected: entry.passphraseProtected,
    daysRemaining: entry.daysRemaining,
    viewsRemaining: entry.viewsRemaining,
    expired: entry.expired,
    inHistory: true,
    expireAfterDays: entry.expireAfterDays,
    expireAfterViews: entry.expireAfterViews,
    checkedAt: entry.checkedAt,
    checkedVia: entry.checkedVia ?? 'created',
  };
  if (entry.expiredAt !== undefined) row.expiredAt = entry.expiredAt;
  if (entry.fileNames !== undefined) row.fileNames = entry.fileNames;
  if (entry.openedHereAt !== undefined) row.openedHereAt = entry.openedHereAt;
  if (entry.withToken !== undefined) row.withToken = entry.withToken;
  if (entry.unlistedAt !== undefined) row.unlistedAt = entry.unlistedAt;
  if (entry.recordedAt !== undefined) row.recordedAt = entry.recordedAt;
  return row;
}

/**
 * A push of the server's lists, as a row. What only this browser knows (the kind, whether it
 * needs a passphrase: the server never says either) comes from its history entry, if any.
 */
export function rowFromPush(baseUrl: string, push: Push, known?: ReadEntry, now = Date.now()): PushRow {
  const base: PushRow = known
    ? rowFromHistory(known)
    : {
        baseUrl,
        urlToken: push.urlToken,
        htmlUrl: '',
        name: '',
        note: '',
        createdAt: push.createdAt,
        deletableByViewer: push.deletableByViewer,
        retrievalStep: push.retrievalStep,
        expired: push.expired,
        inHistory: false,
      };
  return mergePush(base, push, { at: now, via: 'lists' });
}

/**
 * The server's current state of a push laid over a row. The DELETE answer has no name or note
 * (docs/password-pusher.md#push-json), and the server's default for both is ""
 * (docs/password-pusher.md#create), so an empty one keeps the row's own.
 */
export function mergePush(row: PushRow, push: Push, checked?: Checked): PushRow {
  const merged: PushRow = {
    ...row,
    htmlUrl: push.htmlUrl || row.htmlUrl,
    name: push.name || row.name,
    note: push.note || row.note,
    createdAt: push.createdAt || row.createdAt,
    daysRemaining: push.daysRemaining,
    viewsRemaining: push.viewsRemaining,
    deletableByViewer: push.deletableByViewer,
    retrievalStep: push.retrievalStep,
    expired: push.expired,
    expireAfterDays: push.expireAfterDays,
    expireAfterViews: push.expireAfterViews,
  };
  if (push.expiredOn) merged.expiredAt = push.expiredOn;
  if (checked) {
    merged.checkedAt = checked.at;
    merged.checkedVia = checked.via;
  }
  return merged;
}

/** A page number the server accepts: a whole number within 1..200 (others are a 400). */
export function clampPage(page: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Math.trunc(page)));
}

/**
 * Whether a next page may hold more. With the pagination headers (docs/password-pusher.md#lists)
 * the total says so; without them (real 2.11.4) a page that came back full means there may be
 * more, a short one means the end.
 */
export function hasNextPage(page: Page<unknown>): boolean {
  if (page.page >= MAX_PAGE) return false;
  if (page.totalPages !== undefined) return page.page < page.totalPages;
  return (page.served ?? page.items.length) >= page.perPage;
}

export function hasPreviousPage(page: Page<unknown>): boolean {
  return page.page > 1;
}

/**
 * Where "Previous page" leads: the page before, or straight back to the last page when the
 * headers say how many there are and this one lies past it.
 */
export function previousPageNumber(page: Page<unknown>): number {
  if (page.totalPages !== undefined && page.page > page.totalPages) return Math.max(1, page.totalPages);
  return Math.max(1, page.page - 1);
}

/** An empty page after the first: the list ended on the page before (or shrank meanwhile). */
export function isPastEnd(page: Page<unknown>): boolean {
  return page.items.length === 0 && page.page > 1;
}

/** Whether a row matches the filter text: name, note, kind, token or link, ignoring case. */
export function matchesFilter(row: PushRow, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [row.name, row.note, row.kind ?? '', row.urlToken, row.htmlUrl].join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * Whether "Expire" is offered: the owner's token may expire any push of theirs; without a token
 * only a push made deletable by viewers can be expired, by anyone (docs/password-pusher.md#delete).
 */
export function canExpire(row: PushRow, hasToken: boolean): boolean {
  return !row.expired && (hasToken || row.deletableByViewer === true);
}

/** Same instance? Stored URLs may differ by a trailing slash. */
export function sameInstance(a: string, b: string): boolean {
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}

const AUDIT_KIND_KEYS: Record<string, string> = {
  creation: 'pushesAuditCreation',
  view: 'pushesAuditView',
  failed_view: 'pushesAuditFailedView',
  expire: 'pushesAuditExpire',
  failed_passphrase: 'pushesAuditFailedPassphrase',
  admin_view: 'pushesAuditAdminView',
  owner_view: 'pushesAuditOwnerView',
  edit: 'pushesAuditEdit',
};

/**
 * What became of a link's e-mail, by its `notify_by_email.status` (docs/password-pusher.md#notify-emails):
 * the entry is logged before anything is sent, so only `completed` says it went out.
 */
const EMAIL_STATUS_KEYS: Record<string, string> = {
  pending: 'pushesAuditEmailPending',
  processing: 'pushesAuditEmailProcessing',
  completed: 'pushesAuditEmailCompleted',
  partially_failed: 'pushesAuditEmailPartiallyFailed',
  failed: 'pushesAuditEmailFailed',
};

/** The message key of an e-mail status; undefined for one this version does not know. */
export function emailStatusKey(status: string): string | undefined {
  return Object.hasOwn(EMAIL_STATUS_KEYS, status) ? EMAIL_STATUS_KEYS[status] : undefined;
}

/**
 * The message key of an audit event kind (docs/password-pusher.md#audit-log); undefined for a
 * kind this version does not know.
 */
export function auditKindKey(kind: string): string | undefined {
  return Object.hasOwn(AUDIT_KIND_KEYS, kind) ? AUDIT_KIND_KEYS[kind] : undefined;
}

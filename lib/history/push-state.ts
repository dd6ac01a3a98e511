import { dateTimeFormat } from '../date-time';
import { t } from '../i18n';

/**
 * What Pushgate may say about a push's state, and how it knows: the one rule the popup's link
 * view and the pushes page share. A state is only claimed when it was checked: the server said
 * it (its answer when pushed, its lists, its answer to an expiry), the clock says the days ran
 * out, or this browser opened the push itself. Without an API token nobody can ask the server
 * later (docs/password-pusher.md#auth-gate), so an old answer never passes for "active".
 */

/** Where the server's last word on a push came from. */
export type CheckedVia = 'created' | 'lists' | 'expired-here' | 'opened-here';

export type PushStateKind = 'expired' | 'views-used' | 'opened' | 'not-opened' | 'opened-here' | 'not-checked';
export type LearnedHow = CheckedVia | 'days-passed' | 'none';
/**
 * Why a push was not checked: no token for its instance; on the Pushes page also that it lives on
 * another instance, was pushed without a token or is missing from the account's lists (neither of
 * which the lists can ever show), or that this opening's check did not reach it.
 */
export type NotCheckedWhy = 'no-token' | 'other-instance' | 'pushed-without-token' | 'not-in-lists' | 'not-reached';

export interface PushState {
  kind: PushStateKind;
  how: LearnedHow;
  /** When it was learned (ms since the epoch); absent for `not-checked`. */
  at?: number;
  /** Only with a server's word on a push still open: what it said was left. */
  daysRemaining?: number;
  viewsRemaining?: number;
  /** The server's `expired_on` when known. */
  expiredAt?: string;
  /** Only with `not-checked`. */
  why?: NotCheckedWhy;
}

/** Everything a history entry or a list row knows about one push. */
export interface StateFacts {
  createdAt: string;
  expireAfterDays?: number;
  expireAfterViews?: number;
  expired: boolean;
  expiredAt?: string;
  daysRemaining?: number;
  viewsRemaining?: number;
  /** When the server last told the state, and through what. */
  checkedAt?: number;
  checkedVia?: CheckedVia;
  /** When this browser retrieved the push ("Open a secret link"). */
  openedHereAt?: number;
  /** False when it was pushed without an API token. */
  withToken?: boolean;
  /** When a whole round through the account's lists missed it. */
  unlistedAt?: number;
}

/**
 * The Pushes page, whose states are checked with the server's lists when it opens: there the
 * answer given when it was pushed is never passed off as checked (`otherInstance`: the push lives
 * on an instance other than the configured one).
 */
export interface ListsContext {
  otherInstance: boolean;
}

const DAY_MS = 86_400_000;

/**
 * The end of a push's days (`created_at` + days, docs/password-pusher.md#push-json), or undefined
 * when not known.
 */
export function daysEnd(facts: Pick<StateFacts, 'createdAt' | 'expireAfterDays'>): number | undefined {
  const created = Date.parse(facts.createdAt);
  if (Number.isNaN(created) || facts.expireAfterDays === undefined) return undefined;
  return created + facts.expireAfterDays * DAY_MS;
}

/**
 * The state to show. `trusted`: the server's answers about this push may be shown as current,
 * i.e. an API token for its instance is set, so the page refreshes them from the lists.
 */
export function pushState(facts: StateFacts, trusted: boolean, now: number, lists?: ListsContext): PushState {
  const checked = facts.checkedAt !== undefined && facts.checkedVia !== undefined;
  const withExpiry = (state: PushState) => (facts.expiredAt ? { ...state, expiredAt: facts.expiredAt } : state);
  // Expiry is final: whoever saw it (the server, or this browser expiring it) settled it.
  if (facts.expired) {
    return withExpiry(checked ? { kind: 'expired', how: facts.checkedVia!, at: facts.checkedAt! } : { kind: 'expired', how: 'none' });
  }
  const end = daysEnd(facts);
  // A server answer given after the days ran out knows better (the active list lags,
  // docs/password-pusher.md#lists).
  if (end !== undefined && now >= end && !(checked && facts.checkedAt! >= end)) {
    return { kind: 'expired', how: 'days-passed', at: end };
  }
  const openedHere = facts.openedHereAt;
  const current = checked && !(lists && notListed(facts));
  if (trusted && current && !(openedHere !== undefined && openedHere > facts.checkedAt!)) {
    const how = facts.checkedVia!;
    const at = facts.checkedAt!;
    if (facts.daysRemaining === 0) return { kind: 'expired', how, at };
    const left = { daysRemaining: facts.daysRemaining, viewsRemaining: facts.viewsRemaining };
    if (facts.viewsRemaining === 0) return { kind: 'views-used', how, at };
    // Views by the owner or an admin count nothing (docs/password-pusher.md#push-json): fewer left
    // means a recipient opened it.
    const opened =
      facts.viewsRemaining !== undefined && facts.expireAfterViews !== undefined && facts.viewsRemaining < facts.expireAfterViews;
    return { kind: opened ? 'opened' : 'not-opened', how, at, ...left };
  }
  if (openedHere !== undefined) return { kind: 'opened-here', how: 'opened-here', at: openedHere };
  return { kind: 'not-checked', how: 'none', why: whyNotChecked(facts, trusted, lists) };
}

/** The lists have not told its state: only the answer when it was pushed, or a round missed it since. */
function notListed(facts: StateFacts): boolean {
  if (facts.checkedVia === 'created') return true;
  return facts.unlistedAt !== undefined && facts.checkedVia === 'lists' && facts.unlistedAt > facts.checkedAt!;
}

function whyNotChecked(facts: StateFacts, trusted: boolean, lists: ListsContext | undefined): NotCheckedWhy {
  if (!lists) return 'no-token';
  if (lists.otherInstance) return 'other-instance';
  if (!trusted) return 'no-token';
  if (facts.withToken === false) return 'pushed-without-token';
  return facts.unlistedAt !== undefined ? 'not-in-lists' : 'not-reached';
}

const LABEL_KEYS: Record<PushStateKind, string> = {
  expired: 'pushesStateExpired',
  'views-used': 'pushStateViewsUsed',
  opened: 'pushStateOpened',
  'not-opened': 'pushStateNotOpened',
  'opened-here': 'pushStateOpenedHere',
  'not-checked': 'pushStateNotChecked',
};

const HOW_KEYS: Record<Exclude<LearnedHow, 'none'>, string> = {
  created: 'pushStateHowCreated',
  lists: 'pushStateHowLists',
  'expired-here': 'pushStateHowExpiredHere',
  'days-passed': 'pushStateHowDaysPassed',
  'opened-here': 'pushStateHowOpenedHere',
};

const WHY_KEYS: Record<NotCheckedWhy, [label: string, why: string]> = {
  'no-token': ['pushStateNotChecked', ''],
  'other-instance': ['pushStateCannotCheck', 'pushStateWhyOtherInstance'],
  'pushed-without-token': ['pushStateCannotCheck', 'pushStateWhyWithoutToken'],
  'not-in-lists': ['pushStateCannotCheck', 'pushStateWhyNotInLists'],
  'not-reached': ['pushStateNotCheckedThisTime', 'pushStateWhyNotReached'],
};

/** A state in words: the label ("Opened"), what is left, and when and how it was learned (or why it was not). */
export function describeState(state: PushState): { label: string; left: string; learned: string } {
  if (state.kind === 'not-checked' && state.why) {
    const [label, why] = WHY_KEYS[state.why];
    return { label: t(label), left: '', learned: why ? t(why) : '' };
  }
  const left =
    state.daysRemaining !== undefined && state.viewsRemaining !== undefined
      ? t('pushStateLeft', state.daysRemaining, state.viewsRemaining)
      : '';
  const learned = state.how === 'none' || state.at === undefined ? '' : t(HOW_KEYS[state.how], stateTime(state.at));
  const expiredOn = state.kind === 'expired' && state.expiredAt ? Date.parse(state.expiredAt) : NaN;
  const label = Number.isNaN(expiredOn) ? t(LABEL_KEYS[state.kind]) : t('pushesStateExpiredOn', stateTime(expiredOn));
  return { label, left, learned };
}

/** Date and time in the person's own language and zone, as the pushes page shows its dates. */
export function stateTime(at: number): string {
  const date = new Date(at);
  // An invalid date makes `format` throw a RangeError, which would take the whole table with it.
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat().format(date);
}

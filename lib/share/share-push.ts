import { recordFailure } from '../diagnostics/failures';
import { getCapabilities, rememberRefusedKind } from './capabilities';
import { recordDetails } from '../attempts/record-details';
import { describeAttempt } from '../attempts/attempts';
import { accountOf } from '../pwpush/account-param';
import { createPush, type Edition } from '../pwpush/client';
import { emailFieldsFor } from '../pwpush/notify-emails';
import { checkSecretUrl, withRecipientLocale } from '../pwpush/secret-url';
import type { ClientConfig, Push, PushInput, PushKind, UploadOptions } from '../pwpush/types';
import { fail, ok, type Result } from '../result';
import {
  getConnection,
  getPushDefaults,
  limitsOf,
  NO_LIMITS,
  withinLimits,
  type Connection,
  type PushDefaults,
  type PushLimits,
} from '../settings';
import { mirroredPolicy } from '../settings/policy-mirror';
import type { AttemptBook } from '../attempts/book';
import { localAttemptBook } from '../attempts/local-book';
import { mayHaveMade } from '../attempts/outcome';
import type { LiveAttempt } from '../attempts/proof';
import { expireCopiesOf, resolveAttempt, type Resolution } from '../attempts/resolve';
import type { ShareFailure } from './share-failure';
import type { Pacer } from '../pace/pacer';
import { countedPace, paceOf } from '../pace/request-pace';

export { explainShareFailure, type ShareFailure } from './share-failure';
import { noAnswerOf, type NoAnswer } from './share-failure';

/** What to push. Options left out take the saved defaults (options page). */
export interface ShareRequest extends Partial<Omit<PushInput, 'kind' | 'payload'>> {
  kind: PushKind;
  payload: string;
  /** The language the link opens in (`?locale=`), `''` for none; absent: the saved default. Not sent to the instance. */
  recipientLocale?: string;
}

/** The created push and the instance it lives on (the history records both). */
export interface SharedPush {
  push: Push;
  baseUrl: string;
  /** No answer said so, but a look on the instance proved this push to be the attempt's (docs/exactly-once.md). */
  recovered?: true;
  /** Copies the network made of this push (a request sent twice), expired. */
  twinsExpired?: number;
  /**
   * Pushes with the same secret and settings, found beside it, that were made by another request
   * (elsewhere, or before this one): left alone, and the person told two identical pushes exist.
   */
  identicalLeft?: number;
  /** The history should have kept it and its storage refused. */
  historyNotKept?: true;
  /**
   * The retrieval step was asked for and the answer says the push has none: the instance has it
   * switched off for this kind, and says so nowhere else (docs/password-pusher.md#defaults-and-limits).
   */
  retrievalStepRefused?: true;
}

/** What the caller read from storage already (the popup, when it opened): a push then reads nothing before its POST. */
export interface KnownSettings {
  connection: Connection;
  defaults: PushDefaults;
  /**
   * The organisation's ceilings and forced retrieval step as the caller read them, null when it read
   * no policy; when absent the policy is read here.
   */
  limits?: PushLimits | null;
  /** The instance's edition from the capabilities cache; when absent the cache is asked as usual. */
  edition?: Edition;
  /** Its release, from the same cache: which e-mail fields it takes (lib/pwpush/notify-emails.ts). */
  applicationVersion?: string;
  /** Whether the history keeps names and notes (lib/settings/privacy.ts); when absent the attempt's book reads it. */
  keepHistory?: boolean;
}

/** An earlier try of the same push that may have made it: the person pushes again (docs/exactly-once.md). */
export interface EarlierTry {
  attemptId: string;
  startedAt: number;
}

export interface ShareDeps {
  fetch?: typeof fetch;
  /**
   * The instance's pacer (lib/pace/): the push itself is only counted against it and never waits
   * (docs/performance.md, rule 23); the looks for the push wait their turn as the person's action.
   */
  paceFor?: (baseUrl: string) => Pacer;
  /** Where the attempt is kept: the background's own book unless a test hands in another (lib/attempts/book.ts). */
  book?: AttemptBook;
  /** Settings the caller holds; without them the connection, defaults and capabilities are read from storage. */
  known?: KnownSettings;
  /** File pushes from the popup: the person's "Cancel upload". */
  upload?: UploadOptions;
  /** The create's time limit; the client's default when absent. */
  timeoutMs?: number;
  /** The attempt's id when the caller made it (the popup, which may have to look for the push itself). */
  attemptId?: string;
  /** Looked for first with this request; only a try known not to have made a push is pushed again. */
  earlier?: EarlierTry;
  /**
   * No answer came and the instance is being looked at: said at once, with what came instead (absent
   * when the side that sent it stopped); the push itself has ended, the look takes up to half a minute.
   */
  onLooking?: (cause?: NoAnswer) => void;
  /**
   * Once, after a push made with an answer: copies of it the network made (a request sent twice)
   * were looked for with a token, and so many expired; 0 when none, or without a token to look.
   */
  onCopiesChecked?: (expired: number) => void;
  /**
   * The answer's push as soon as its link is checked, before it is settled: the background hands
   * the link to the popup at once, and the popup settles it should the background stop (./relay/push-in-background.ts).
   * Settling waits for what it returns.
   */
  onAnswer?: (shared: SharedPush) => void | Promise<void>;
  /** The waits between looks (lib/attempts/resolve.ts). */
  lookDelays?: readonly number[];
}

/**
 * The one use case "push this", used by the popup, the context menu and the keyboard command
 * alike. Fills absent options from the saved defaults, keeps the attempt before its one POST and
 * settles it after (docs/exactly-once.md), and never stores the payload or the passphrase.
 */
export async function sharePush(request: ShareRequest, deps: ShareDeps = {}): Promise<Result<SharedPush, ShareFailure>> {
  const result = await pushOnce(request, deps);
  // Its kind and status only, for the settings page's diagnostic report (lib/diagnostics/).
  if (!result.ok) void recordFailure(result.error);
  return result;
}

async function pushOnce(request: ShareRequest, deps: ShareDeps): Promise<Result<SharedPush, ShareFailure>> {
  const prepared = await prepare(request, deps);
  if (!prepared.ok) return prepared;
  const { baseUrl, token, input, edition, cfg, book, locale } = prepared.value;
  const look = (attempt: LiveAttempt, delays = deps.lookDelays) => resolveAttempt(attempt, { cfg, book, delays });
  const resolved = (resolution: Resolution, attemptId: string) => resolvedLink(resolution, attemptId, baseUrl, locale, input);

  if (deps.earlier && token) {
    // Pushed again after a try that may have made the push: only a try known to have made none is pushed again.
    const earlier = await look({ id: deps.earlier.attemptId, baseUrl, startedAt: deps.earlier.startedAt, input, edition }, [0]);
    if (earlier.kind !== 'not-found') return resolved(earlier, deps.earlier.attemptId);
    await book.forget(deps.earlier.attemptId);
  }

  const attempt: LiveAttempt = { id: deps.attemptId ?? crypto.randomUUID(), baseUrl, startedAt: Date.now(), input, edition };
  // Kept before the request leaves, so that a worker or a popup that stops with it out leaves a trace.
  // A push is still sent when storage refuses: the person is told the history could not keep it,
  // which is safer than no push at all for someone who must share a secret now (docs/exactly-once.md).
  const begun = await book.begin(describeAttempt(attempt.id, baseUrl, input, edition, attempt.startedAt), deps.known?.keepHistory);
  const upload = input.kind === 'file' ? deps.upload : undefined;
  const sent = { ...cfg, pace: prepared.value.counted, ...(deps.timeoutMs !== undefined && { timeoutMs: deps.timeoutMs }) };
  const created = await createPush(sent, input, edition, upload);

  if (!created.ok && upload?.signal?.aborted) {
    // The person's Cancel. The upload may have been complete by then, and the push made: one look.
    await book.unknown(attempt.id);
    if (!token) return fail({ kind: 'cancelled', attemptId: attempt.id, looked: 'no-token' });
    const found = await look(attempt, [0]);
    if (found.kind === 'found') return resolved(found, attempt.id);
    // The instance acts only once the whole body is in (docs/password-pusher.md#create), and the cut one never was.
    if (found.kind === 'not-found') await book.forget(attempt.id);
    return fail({ kind: 'cancelled', attemptId: attempt.id, looked: found.kind });
  }
  if (!created.ok && mayHaveMade(created.error)) {
    await book.unknown(attempt.id);
    const cause = noAnswerOf(created.error);
    if (!token) return fail({ kind: 'maybe-created', attemptId: attempt.id, looked: 'no-token', cause });
    deps.onLooking?.(cause);
    const found = resolved(await look(attempt), attempt.id);
    return found.ok || found.error.kind !== 'maybe-created' ? found : fail({ ...found.error, cause });
  }
  if (!created.ok) {
    await book.forget(attempt.id);
    // 422 `{kind: ["URL pushes are disabled."]}`: the instance turned that kind off since the
    // cache was filled, or (2.3.0–2.5.3) never said; a `base` message to a push with e-mail: it no
    // longer sends e-mail (docs/password-pusher.md#notify-emails). Refresh the cache (and remember a
    // refused kind) so the popup stops offering either.
    const fields = created.error.kind === 'validation' ? created.error.fields : undefined;
    if (fields?.kind || (fields?.base && input.emailTo)) {
      await Promise.all([
        getCapabilities(baseUrl, { refresh: true, fetch: deps.fetch }),
        fields.kind ? rememberRefusedKind(baseUrl, input.kind) : undefined,
      ]);
    }
    return fail(created.error);
  }
  // The link is checked before anything shows, copies, opens, draws or records it: a hostile or
  // broken instance could hand out a `javascript:` link or a look-alike host (../pwpush/secret-url.ts).
  const link = checkSecretUrl(created.value.htmlUrl, baseUrl);
  if (!link.ok) {
    // The push exists all the same (docs/password-pusher.md#secret-url): kept and claimed without its
    // link, so that it can be expired and a retry finds it instead of making another.
    await book.settle(attempt.id, baseUrl, { ...created.value, htmlUrl: '' }, recordDetails(input, Boolean(token), accountOf(cfg)));
    return fail({ kind: 'link-refused', attemptId: attempt.id, link: created.value.htmlUrl });
  }
  const push: Push = { ...created.value, htmlUrl: withRecipientLocale(link.value, locale) };
  await deps.onAnswer?.(withAnswerFacts({ push, baseUrl }, input));
  // Settled (history entry, claim, end of the attempt) here, by the side that sent it: a popup
  // closes the moment the person clicks elsewhere.
  const settled = await book.settle(attempt.id, baseUrl, push, recordDetails(input, Boolean(token), accountOf(cfg)));
  // Not awaited: the link goes back at once, and the look (a list read) follows it.
  const copies = token ? expireCopiesOf({ ...attempt, answered: { push, at: Date.now() } }, { cfg, book }) : Promise.resolve(0);
  void copies.catch(() => 0).then(deps.onCopiesChecked);
  const shared = withAnswerFacts({ push, baseUrl }, input);
  if (!begun || settled === 'failed') shared.historyNotKept = true;
  return ok(shared);
}

/** What the answer says that the request did not: a retrieval step asked for and not given. */
function withAnswerFacts(shared: SharedPush, input: PushInput): SharedPush {
  if (input.retrievalStep === true && !shared.push.retrievalStep) shared.retrievalStepRefused = true;
  return shared;
}

/**
 * Looks for the push of an attempt whose sender stopped with it out (the background, while the
 * popup that handed it over still holds the request): the next background proves it with the
 * request's payload, at once and for about half a minute.
 */
export async function lookForPush(
  request: ShareRequest,
  earlier: EarlierTry,
  deps: ShareDeps = {},
): Promise<Result<SharedPush, ShareFailure>> {
  const prepared = await prepare(request, deps);
  if (!prepared.ok) return prepared;
  const { baseUrl, token, input, edition, cfg, book, locale } = prepared.value;
  await book.unknown(earlier.attemptId);
  if (!token) return fail({ kind: 'maybe-created', attemptId: earlier.attemptId, looked: 'no-token' });
  deps.onLooking?.();
  const attempt: LiveAttempt = { id: earlier.attemptId, baseUrl, startedAt: earlier.startedAt, input, edition };
  return resolvedLink(await resolveAttempt(attempt, { cfg, book, delays: deps.lookDelays }), earlier.attemptId, baseUrl, locale, input);
}

interface Prepared {
  baseUrl: string;
  token: string;
  input: PushInput;
  edition: Edition;
  cfg: ClientConfig;
  /** The push's own place in the instance's pace: counted, never waiting. */
  counted?: ClientConfig['pace'];
  book: AttemptBook;
  /** The recipient's language for the link handed out, `''` for none. */
  locale: string;
}

/** The connection, the request with the saved defaults filled in, and the instance's edition. */
async function prepare(request: ShareRequest, deps: ShareDeps): Promise<Result<Prepared, ShareFailure>> {
  const { known } = deps;
  // Read in parallel, not one after another: every storage read is a round trip to the browser.
  const [connection, defaults] = known ? [known.connection, known.defaults] : await Promise.all([getConnection(), getPushDefaults()]);
  if (!connection) return fail({ kind: 'not-configured' });
  const { baseUrl, token } = connection;
  const { recipientLocale, ...fields } = request;
  // The organisation's ceilings and forced retrieval step hold for every push, whatever asked for it.
  const limits = known?.limits !== undefined ? (known.limits ?? NO_LIMITS) : limitsOf((await mirroredPolicy()).policy);
  const input: PushInput = withinLimits(
    {
      ...fields,
      expireAfterDays: request.expireAfterDays ?? defaults.expireAfterDays,
      expireAfterViews: request.expireAfterViews ?? defaults.expireAfterViews,
      deletableByViewer: request.deletableByViewer ?? defaults.deletableByViewer,
      retrievalStep: request.retrievalStep ?? defaults.retrievalStep,
    },
    limits,
  );
  // Pro instances take `expire_after_duration` and OSS ones silently replace it by their default
  // (docs/password-pusher.md#commercial-edition): guessing the edition could give a secret a
  // longer life than asked, so an instance whose edition is unknown gets no push either. Its release
  // decides the e-mail fields, which each release drops unread when they are the other's.
  let edition = known?.edition;
  let version = known?.applicationVersion;
  if (edition === undefined || (input.emailTo && version === undefined)) {
    const capabilities = await getCapabilities(baseUrl, { fetch: deps.fetch });
    if (!capabilities.ok) return fail(capabilities.error);
    edition ??= capabilities.value.edition;
    version = capabilities.value.applicationVersion;
  }
  if (input.emailTo && version !== undefined) input.emailFields = emailFieldsFor(version);
  const pacer = deps.paceFor?.(baseUrl);
  const cfg: ClientConfig = { baseUrl, token, fetch: deps.fetch, ...(pacer && { pace: paceOf(pacer, 'person') }) };
  // The commercial edition's chosen account (docs/password-pusher.md#accounts): the push, and every look for it, is made there.
  if (typeof connection.accountId === 'string' && connection.accountId) cfg.accountId = connection.accountId;
  return ok({
    baseUrl,
    token,
    input,
    edition,
    cfg,
    ...(pacer && { counted: countedPace(pacer) }),
    book: deps.book ?? localAttemptBook,
    locale: recipientLocale ?? defaults.recipientLocale ?? '',
  });
}

/** A look's outcome for the caller: the push it found, or why there is none to show. */
function resolvedLink(
  resolution: Resolution,
  attemptId: string,
  baseUrl: string,
  locale: string,
  input: PushInput,
): Result<SharedPush, ShareFailure> {
  if (resolution.kind === 'found') {
    const found = checkSecretUrl(resolution.push.htmlUrl, baseUrl);
    if (!found.ok) return fail({ kind: 'link-refused', attemptId, link: resolution.push.htmlUrl });
    const shared = withAnswerFacts({ push: { ...resolution.push, htmlUrl: withRecipientLocale(found.value, locale) }, baseUrl }, input);
    shared.recovered = true;
    if (resolution.twinsExpired > 0) shared.twinsExpired = resolution.twinsExpired;
    if (resolution.identical > 0) shared.identicalLeft = resolution.identical;
    return ok(shared);
  }
  return fail({ kind: 'maybe-created', attemptId, looked: resolution.kind });
}

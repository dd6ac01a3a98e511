import { describeAttempt } from '../attempts/attempts';
import { mayHaveMade } from '../attempts/outcome';
import type { LiveAttempt } from '../attempts/proof';
import { recordDetails } from '../attempts/record-details';
import { expireCopiesOf, resolveAttempt, type Resolution } from '../attempts/resolve';
import { recordFailure } from '../diagnostics/failures';
import { accountOf } from '../pwpush/account-param';
import { createPush } from '../pwpush/client';
import { checkSecretUrl, withRecipientLocale } from '../pwpush/secret-url';
import type { Push, PushInput, UploadOptions } from '../pwpush/types';
import { fail, ok, type Result } from '../result';
import { getCapabilities, rememberRefusedKind } from './capabilities';
import { preparePush, type PrepareDeps } from './prepare-push';
import { noAnswerOf, type NoAnswer, type ShareFailure } from './share-failure';
import type { EarlierTry, ShareRequest, SharedPush } from './share-request';

export { explainShareFailure, type ShareFailure } from './share-failure';

export interface ShareDeps extends PrepareDeps {
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
  const prepared = await preparePush(request, deps);
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
  const prepared = await preparePush(request, deps);
  if (!prepared.ok) return prepared;
  const { baseUrl, token, input, edition, cfg, book, locale } = prepared.value;
  await book.unknown(earlier.attemptId);
  if (!token) return fail({ kind: 'maybe-created', attemptId: earlier.attemptId, looked: 'no-token' });
  deps.onLooking?.();
  const attempt: LiveAttempt = { id: earlier.attemptId, baseUrl, startedAt: earlier.startedAt, input, edition };
  return resolvedLink(await resolveAttempt(attempt, { cfg, book, delays: deps.lookDelays }), earlier.attemptId, baseUrl, locale, input);
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

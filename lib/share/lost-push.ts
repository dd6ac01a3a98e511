import { listHistory } from '../history/entries';
import { activePushes, type Edition } from '../pwpush/client';
import type { ClientConfig, Push, PushInput } from '../pwpush/types';

/**
 * A create that got no answer in time may still have made the push: Password Pusher stores it
 * before it answers, and a big upload's answer comes only after the whole body
 * (docs/password-pusher.md#create). With a token the owner's Active list shows it, so a retry
 * never makes a silent duplicate.
 */

/** The instance's clock is not ours: a push counts as this attempt's within this margin. */
export const CLOCK_MARGIN_MS = 2 * 60_000;

/**
 * Whether a listed push has the settings this attempt sent. The API never says the kind
 * (docs/password-pusher.md#push-json).
 */
export function sameSettings(push: Push, input: PushInput, edition: Edition): boolean {
  // A commercial instance rounds days to its duration codes: days tell nothing there
  // (docs/password-pusher.md#commercial-edition).
  if (edition !== 'commercial' && input.expireAfterDays !== undefined && push.expireAfterDays !== input.expireAfterDays) return false;
  if (input.expireAfterViews !== undefined && push.expireAfterViews !== input.expireAfterViews) return false;
  if (push.retrievalStep !== Boolean(input.retrievalStep)) return false;
  // URL pushes are never deletable by viewers: the server stores null.
  const deletable = input.kind === 'url' ? null : Boolean(input.deletableByViewer);
  if (push.deletableByViewer !== deletable) return false;
  return (push.name ?? '') === (input.name ?? '') && (push.note ?? '') === (input.note ?? '');
}

/**
 * The push this attempt made, if the owner's newest active pushes hold one created between `from`
 * and `to` with the same settings that this browser has not recorded yet; the newest such one.
 * Null when none is there or the list cannot be read.
 */
export async function findLostPush(
  cfg: ClientConfig,
  input: PushInput,
  edition: Edition,
  window: { from: number; to: number },
  recorded: ReadonlySet<string>,
): Promise<Push | null> {
  const list = await activePushes(cfg, 1);
  if (!list.ok) return null;
  const match = list.value.items.find((push) => {
    const created = Date.parse(push.createdAt);
    return (
      !recorded.has(push.urlToken) &&
      created >= window.from - CLOCK_MARGIN_MS &&
      created <= window.to + CLOCK_MARGIN_MS &&
      sameSettings(push, input, edition)
    );
  });
  return match ?? null;
}

/** The push a timed-out create sent at `sentAt` made, if the owner's Active list shows it and this browser has not recorded it. */
export async function lookForLostPush(cfg: ClientConfig, input: PushInput, edition: Edition, sentAt: number): Promise<Push | null> {
  const history = await listHistory({ baseUrl: cfg.baseUrl });
  const recorded = new Set(history.ok ? history.value.map((entry) => entry.urlToken) : []);
  return findLostPush(cfg, input, edition, { from: sentAt, to: Date.now() }, recorded);
}

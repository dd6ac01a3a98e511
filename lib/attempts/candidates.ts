import { eligibleTokens } from './claims';
import type { HttpError } from '../http';
import { listedPassphrase } from '../pwpush/listed-passphrases';
import type { ClientConfig, Push, PushInput } from '../pwpush/types';
import { ok, type Result } from '../result';
import { activeSince } from './lookup';
import { labelsDigest } from './kept-form';
import { CLOCK_MARGIN_MS, sameSettings } from './proof';
import type { PushAttempt } from '../records';

/**
 * Pushes on the instance that may be an attempt's, for an attempt whose sender is gone: what can
 * be matched without its payload and passphrase (never stored): the window, the settings and
 * labels asked for, whether there was a passphrase, and that this browser does not know the push.
 * That is no proof (docs/exactly-once.md): such a push is shown as one that may be the person's,
 * with what is known about it, and never copied or claimed for them.
 */
export async function findCandidates(attempt: PushAttempt, cfg: ClientConfig, now = Date.now()): Promise<Result<Push[], HttpError>> {
  const from = attempt.startedAt - CLOCK_MARGIN_MS;
  const to = now + CLOCK_MARGIN_MS;
  const listed = await activeSince(cfg, from);
  if (!listed.ok) return listed;
  const { labelsDigest: digest, fileCount: _count, ...requested } = attempt.requested;
  const matching: Push[] = [];
  for (const push of listed.value) {
    const created = Date.parse(push.createdAt);
    const passphrase = listedPassphrase(push);
    if (created < from || created > to || typeof passphrase !== 'string') continue;
    if ((passphrase !== '') !== attempt.requested.passphraseProtected) continue;
    // Kept with the history off: the labels are compared by their digest (./kept-form.ts).
    const labels = digest === undefined ? {} : { name: push.name ?? '', note: push.note ?? '' };
    if (digest !== undefined && (await labelsDigest(attempt.baseUrl, push.name, push.note)) !== digest) continue;
    const asked: PushInput = { kind: attempt.kind, payload: '', ...requested, ...labels };
    if (sameSettings(push, asked, attempt.edition ?? 'oss')) matching.push(push);
  }
  if (matching.length === 0) return ok([]);
  const eligible = await eligibleTokens(
    attempt.baseUrl,
    attempt.id,
    matching.map((push) => push.urlToken),
  );
  return ok(eligible.ok ? matching.filter((push) => eligible.value.has(push.urlToken)) : matching);
}

import { eligibleTokens } from './claims';
import type { HttpError } from '../http';
import { listedPassphrase } from '../pwpush/parse';
import type { ClientConfig, Push, PushInput } from '../pwpush/types';
import { ok, type Result } from '../result';
import { activeSince } from './lookup';
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
  const asked: PushInput = { kind: attempt.kind, payload: '', ...attempt.requested };
  const matching = listed.value.filter((push) => {
    const created = Date.parse(push.createdAt);
    const passphrase = listedPassphrase(push);
    return (
      created >= from &&
      created <= to &&
      typeof passphrase === 'string' &&
      (passphrase !== '') === attempt.requested.passphraseProtected &&
      sameSettings(push, asked, attempt.edition ?? 'oss')
    );
  });
  if (matching.length === 0) return ok([]);
  const eligible = await eligibleTokens(
    attempt.baseUrl,
    attempt.id,
    matching.map((push) => push.urlToken),
  );
  return ok(eligible.ok ? matching.filter((push) => eligible.value.has(push.urlToken)) : matching);
}

/**
 * The addresses a push's link is e-mailed to, checked before sending by the rules of Password
 * Pusher's `MultipleEmailsValidator` at v2.11.4 (docs/password-pusher.md#notify-emails): comma-
 * separated with no stray comma, at most five, no address twice (case aside), each a valid
 * address by its pattern.
 */
export const MAX_NOTIFY_EMAILS = 5;

/** The validator's `EMAIL_REGEX`. */
const EMAIL = /^([\w.%+-]+)@([\w-]+\.)+(\w{2,})$/i;

export type EmailListProblem =
  | { problem: 'commas' }
  | { problem: 'duplicate'; address: string }
  | { problem: 'too-many'; max: number }
  | { problem: 'invalid'; address: string };

/** The list as it is sent (`a@x.org, b@y.org`), or the first problem the instance would find. */
export function checkEmailList(text: string): { ok: true; value: string } | ({ ok: false } & EmailListProblem) {
  const trimmed = text.trim();
  const addresses = trimmed.split(',').map((address) => address.trim());
  if (trimmed.endsWith(',') || addresses.some((address) => address === '')) return { ok: false, problem: 'commas' };
  const seen = new Set<string>();
  for (const address of addresses) {
    if (seen.has(address.toLowerCase())) return { ok: false, problem: 'duplicate', address };
    seen.add(address.toLowerCase());
  }
  if (addresses.length > MAX_NOTIFY_EMAILS) return { ok: false, problem: 'too-many', max: MAX_NOTIFY_EMAILS };
  const invalid = addresses.find((address) => !EMAIL.test(address));
  if (invalid !== undefined) return { ok: false, problem: 'invalid', address: invalid };
  return { ok: true, value: addresses.join(', ') };
}

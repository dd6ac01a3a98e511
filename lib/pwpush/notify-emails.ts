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

/**
 * How a release takes the e-mail fields of a create (docs/password-pusher.md#notify-emails): 2.9.0 and
 * 2.9.1 a nested `notify_by_email` hash (`recipients`, `locale`), later ones `notify_emails_to` and
 * `notify_emails_to_locale`. Each release drops the other's without a word, and makes the push anyway.
 */
export type EmailFields = 'notify_emails_to' | 'notify_by_email';

export function emailFieldsFor(applicationVersion: string): EmailFields {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(applicationVersion.trim());
  if (!match) return 'notify_emails_to';
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  return major === 2 && minor === 9 && patch < 2 ? 'notify_by_email' : 'notify_emails_to';
}

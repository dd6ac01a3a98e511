/**
 * Password Pusher's recurring jobs that a moved clock passes (`config/recurring.yml` at v2.11.4,
 * docs/password-pusher.md#retention): `ExpirePushesJob` every 2 hours and `CleanUpPushesJob` every
 * day at 05:00, on the server's clock (UTC here).
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** @typedef {'expire' | 'clean-up'} Job */

/**
 * The jobs due after `from` up to `to`, in the order they run.
 * @param {number} from @param {number} to @returns {{ at: number, job: Job }[]}
 */
export function jobsBetween(from, to) {
  /** @type {{ at: number, job: Job }[]} */
  const due = [];
  for (let at = Math.floor(from / (2 * HOUR_MS)) * 2 * HOUR_MS; at <= to; at += 2 * HOUR_MS) {
    if (at > from) due.push({ at, job: 'expire' });
  }
  for (let at = Math.floor(from / DAY_MS) * DAY_MS + 5 * HOUR_MS; at <= to; at += DAY_MS) {
    if (at > from) due.push({ at, job: 'clean-up' });
  }
  return due.sort((a, b) => a.at - b.at || (a.job === 'expire' ? -1 : 1));
}

/** @param {import('./store.mjs').PushStore} store @param {Job} job */
export function runJob(store, job) {
  if (job === 'expire') store.expireDue();
  else store.deleteExpiredAnonymous();
}

// Pro's `expire_after_duration` codes as the official clients send them
// (docs/password-pusher.md#expiry-expire_after_duration). Codes 0–5 are sub-day durations on Pro;
// stored here as 1 day because a record only has whole days.

const DURATION_DAYS = new Map([
  [6, 1],
  [7, 2],
  [8, 3],
  [9, 4],
  [10, 5],
  [11, 6],
  [12, 7],
  [13, 14],
  [14, 21],
  [15, 30],
  [16, 60],
  [17, 90],
]);

/** The whole days a code stands for; `null` for what is no code (the caller's default then applies). @param {number | null} code */
export function durationDays(code) {
  if (code === null || !Number.isInteger(code) || code < 0 || code > 17) return null;
  return DURATION_DAYS.get(code) ?? 1;
}

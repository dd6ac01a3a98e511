/**
 * The commercial edition (pwpush.com, `edition: "commercial"`) takes an `expire_after_duration`
 * enum instead of `expire_after_days`; the open-source edition ignores the enum and silently
 * falls back to its default, so each edition must get only its own field
 * (docs/password-pusher.md#commercial-edition).
 *
 * Enum values as used by the official clients: 6 = 1 day … 12 = 7 days, 13 = 2 weeks,
 * 14 = 3 weeks, 15 = 1 month, 16 = 2 months, 17 = 3 months. A day count between two steps
 * takes the next longer step, so a push never expires before the day the person chose.
 */
export function expireAfterDuration(days: number): number {
  const whole = Math.max(1, Math.ceil(days));
  if (whole <= 7) return whole + 5;
  if (whole <= 14) return 13;
  if (whole <= 21) return 14;
  if (whole <= 30) return 15;
  if (whole <= 60) return 16;
  return 17;
}

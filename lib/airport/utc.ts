// Apart from ./parse (and its XML reader): the board (./board) needs only this, before the side panel's first paint.

const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Milliseconds of a timestamp such as `2026-09-29T13:27:04Z`. Lenient: seconds, a fraction and
 * the offset may be missing; a missing offset means UTC, as all Swedavia times are
 * (docs/airport-api.md#timestamps).
 */
export function utcMillis(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIME.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '0', zone = 'Z'] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], millis);
  const check = new Date(utc);
  // Date.UTC rolls 2026-02-30 over into March; a value like that is not a time.
  if (
    check.getUTCMonth() !== parts[1] - 1 ||
    check.getUTCDate() !== parts[2] ||
    check.getUTCHours() !== parts[3] ||
    parts[4] > 59 ||
    parts[5] > 59
  )
    return undefined;
  if (zone.toUpperCase() === 'Z') return utc;
  const digits = zone.replace(':', '');
  const offset = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0');
  return utc - (digits[0] === '-' ? -offset : offset) * 60_000;
}

export type IataCheck = { ok: true; iata: string } | { ok: false; reason: 'empty' | 'format' };

/**
 * Three letters A–Z in any case, surrounding spaces ignored, returned upper case. Anything else
 * is refused before a request: an unknown code would cost a call from the monthly quota
 * (docs/airport-api.md#quota).
 */
export function normalizeIata(input: string): IataCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (!/^[A-Za-z]{3}$/.test(trimmed)) return { ok: false, reason: 'format' };
  return { ok: true, iata: trimmed.toUpperCase() };
}

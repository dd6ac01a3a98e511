// Error bodies of the Azure API Management gateway in front of Swedavia's APIs
// (docs/airport-api.md#errors): JSON objects `{ statusCode, message }` with APIM's standard texts.

export const MISSING_KEY_MESSAGE =
  'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.';
/** The text Swedavia's key-rotation PDF quotes for an expired key (docs/airport-api.md#key-rotation). */
export const INVALID_KEY_MESSAGE =
  'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.';
export const NOT_FOUND_MESSAGE = 'Resource not found';
/**
 * The real 500 body is unknown (docs/airport-api.md#errors); this server picks APIM's object shape
 * so clients meet a plausible one.
 */
export const SERVER_ERROR_MESSAGE = 'Internal server error';

/** The examples in docs/airport-api.md#errors: 25280 s is "07:01:20", 56 s the rate-limit example. */
export const DEFAULT_QUOTA_RETRY_AFTER = 25280;
export const DEFAULT_RATE_LIMIT_RETRY_AFTER = 56;

/**
 * The gateway's error object.
 * @param {number} statusCode
 * @param {string} message
 */
export function apimBody(statusCode, message) {
  return JSON.stringify({ statusCode, message });
}

/**
 * APIM prints the time to replenishment as a .NET TimeSpan: `hh:mm:ss`, with `d.` in front past a day.
 * @param {number} seconds
 */
export function timeSpan(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}.${clock}` : clock;
}

/** @param {number} seconds */
export const quotaMessage = (seconds) => `Out of call volume quota. Quota will be replenished in ${timeSpan(seconds)}.`;

/** @param {number} seconds */
export const rateLimitMessage = (seconds) => `Rate limit is exceeded. Try again in ${Math.max(0, Math.floor(seconds))} seconds.`;

/**
 * Password Pusher's own limits for expiry (docs/password-pusher.md#defaults-and-limits). An
 * instance may narrow them, but none exposes its own: the popup and the options page check
 * against these before anything is sent.
 */
export const DAYS_RANGE = { min: 1, max: 90 } as const;
export const VIEWS_RANGE = { min: 1, max: 100 } as const;

/**
 * The most bytes read of each Password Pusher answer (lib/http.ts `maxBytes`): what the answer can
 * hold at most, with a wide margin, so no real answer is ever refused and a hostile or broken
 * instance cannot fill a page's memory (one renderer process serves every extension page, the
 * popup included). A push record is about 700 bytes of keys and values before its name, note and
 * passphrase (docs/password-pusher.md#push-json); JSON may write a character as six bytes (`\u00e9`).
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/** `GET /version`: a few hundred bytes of versions and feature flags (docs/password-pusher.md#version-and-features). */
export const VERSION_MAX_BYTES = 64 * KiB;

/**
 * `POST /pushes`: one push record with the name, note and passphrase as the person typed them,
 * which Password Pusher does not limit (docs/password-pusher.md#create); 1 MiB leaves room for
 * a note of over a hundred thousand characters.
 */
export const CREATED_MAX_BYTES = 1 * MiB;

/**
 * `GET /pushes/:token`: the payload is up to 1,048,576 characters (docs/password-pusher.md#create),
 * up to 4 bytes each in UTF-8 and 12 when a server escapes a character outside the BMP as two
 * `\uXXXX`, plus up to ten file links (docs/password-pusher.md#push-json).
 */
export const RETRIEVED_MAX_BYTES = 16 * MiB;

/** `GET /pushes/:token/preview`: one URL (docs/password-pusher.md#preview). */
export const PREVIEW_MAX_BYTES = 64 * KiB;

/** `DELETE /pushes/:token`: a push record without name, note, payload or files (docs/password-pusher.md#delete). */
export const EXPIRED_MAX_BYTES = 64 * KiB;

/**
 * `GET /pushes/active|expired`: 50 push records a page (docs/password-pusher.md#lists), each with
 * its name, note and, while active, passphrase: 80 KiB a push on average.
 */
export const PUSH_PAGE_MAX_BYTES = 4 * MiB;

/**
 * `GET /pushes/:token/audit`: 50 entries a page, each with an IP, a user agent and a referrer of
 * up to 255 characters, times and a kind (docs/password-pusher.md#audit-log): about 4 KiB at
 * most with every character escaped.
 */
export const AUDIT_PAGE_MAX_BYTES = 2 * MiB;

/** Entries in a page of a list or of the audit log (docs/password-pusher.md#lists); more is no page. */
export const PAGE_SIZE = 50;

/** `GET /accounts`: an id, a name and a role per account (docs/password-pusher.md#accounts); thousands fit. */
export const ACCOUNTS_MAX_BYTES = 256 * KiB;

/**
 * One request (create, show, close): its text is what the requester typed, which may be long, and
 * its answers are up to 100 short records (docs/password-pusher.md#requests-request-a-secret).
 */
export const REQUEST_MAX_BYTES = 2 * MiB;

/** `GET /requests`: 50 requests a page, as the push lists. */
export const REQUEST_PAGE_MAX_BYTES = 8 * MiB;

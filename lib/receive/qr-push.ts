import { readOne } from '../history/read-entries';
import type { RetrievedPush } from '../pwpush/types';

/** A QR push's payload limit, counted in code points as Ruby does (docs/password-pusher.md#defaults-and-limits). */
const QR_PUSH_MAX_CHARS = 1024;
/** What one QR code holds in byte mode at the error correction QrCode.tsx draws with (level M, version 40). */
const QR_CODE_MAX_BYTES = 2331;

/**
 * Whether a retrieved push may be a QR push. The API never says a push's kind
 * (docs/password-pusher.md#push-json), so any text a QR push could carry qualifies: not a URL push
 * (`deletable_by_viewer: null`), no files, at most 1024 characters, and few enough bytes to draw
 * (1024 four-byte characters would not fit in a QR code).
 */
export function mayBeQrPush(push: RetrievedPush): boolean {
  const payload = push.payload;
  if (!payload || push.deletableByViewer === null || push.files.length > 0) return false;
  return [...payload].length <= QR_PUSH_MAX_CHARS && new TextEncoder().encode(payload).length <= QR_CODE_MAX_BYTES;
}

/** Whether this browser made the push as a QR push: only its history knows the kind. False when it cannot tell. */
export async function madeHereAsQrPush(baseUrl: string, urlToken: string): Promise<boolean> {
  // The one entry, by its key: the same cost at ten entries and at fifty thousand.
  const entry = await readOne(baseUrl, urlToken).catch(() => null);
  return entry?.kind === 'qr';
}

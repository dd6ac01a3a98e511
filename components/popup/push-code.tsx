import { render } from 'preact';
import type { Explanation } from '@/lib/share/explain';
import { FailureNote } from '../FailureNote';
import { LinkResult } from './LinkResult';
import { UploadProgress } from './UploadProgress';
import { recordPushInBackground } from '@/lib/history/relay';
import { handOverPush } from '@/lib/share/relay';
import { explainShareFailure, sharePush, type KnownSettings } from '@/lib/share/share-push';
import { t } from '@/lib/i18n';
import { serverFieldErrors, toShareRequest } from './push-form-check';
import type { FieldErrors, FormValues, PushedResult } from './push-form-values';

// Everything "Push" needs beyond the form: the checks, the client with its parser, and the views
// drawn with Preact (failure, upload, link); the background writes the history (history-relay.ts).
// The popup loads this module with `import()` (on-demand.ts), so none of it, Preact included, is
// in the bytes the popup loads to open.
export { validate } from './push-form-check';

/** The failure under the form, or nothing. */
export function showFailure(slot: HTMLElement, explanation: Explanation | null): void {
  render(explanation ? <FailureNote explanation={explanation} /> : null, slot);
}

/** A file push on its way with its "Cancel", or nothing when `total` is null. */
export function showUploadProgress(slot: HTMLElement, total: number | null, onCancel: () => void): void {
  render(total === null ? null : <UploadProgress state={{ total }} onCancel={onCancel} />, slot);
}

export interface LinkViewProps {
  result: PushedResult;
  token: string;
  copyAutomatically: boolean;
  onPushAnother: () => void;
}

/** The link just created, in place of the form; returns what takes it down again. */
export function showLinkView(slot: HTMLElement, { result, token, copyAutomatically, onPushAnother }: LinkViewProps): () => void {
  render(
    <>
      {result.recovered && <p class="note">{t('popupPushRecovered')}</p>}
      <LinkResult
        push={result.push}
        connection={{ baseUrl: result.baseUrl, token }}
        copyAutomatically={copyAutomatically}
        passphraseProtected={result.passphraseProtected}
        requested={result.requested}
        autoFocus
        onPushAnother={onPushAnother}
      />
    </>,
    slot,
  );
  return () => render(null, slot);
}

/** How one push from the form ended: the link, or what went wrong (with field messages for a 422). */
export type PushOutcome =
  | { kind: 'pushed'; result: PushedResult }
  | { kind: 'failed'; failure: Explanation; errors?: FieldErrors };

/** A file push's "Cancel". */
export interface UploadWatchers {
  signal: AbortSignal;
}

/** Sends one push from form values that passed `validate`, history entry included. Never rejects. */
export async function pushValues(values: FormValues, known: KnownSettings, watchers?: UploadWatchers): Promise<PushOutcome> {
  const request = toShareRequest(values);
  try {
    // A file push stays here: a `File` does not cross to the background (lib/share/relay.ts).
    const upload = watchers && { signal: watchers.signal };
    const result = await ((!upload && handOverPush(request, known)) || sharePush(request, { known, record: recordPushInBackground, upload }));
    if (watchers?.signal.aborted && !result.ok) {
      return { kind: 'failed', failure: { message: t('popupUploadCancelled'), next: 'retry' } };
    }
    if (!result.ok) {
      return { kind: 'failed', failure: explainShareFailure(result.error), errors: serverFieldErrors(result.error) };
    }
    return {
      kind: 'pushed',
      result: {
        ...result.value,
        passphraseProtected: Boolean(request.passphrase),
        requested: { expireAfterDays: request.expireAfterDays, expireAfterViews: request.expireAfterViews },
      },
    };
  } catch {
    return { kind: 'failed', failure: { message: t('popupPushFailed'), next: 'retry' } };
  }
}

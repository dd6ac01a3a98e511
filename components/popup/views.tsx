import { render } from 'preact';
import { t } from '@/lib/i18n';
import type { Push } from '@/lib/pwpush/types';
import type { Explanation } from '@/lib/share/explain';
import { explainShareFailure, type ShareFailure } from '@/lib/share/share-push';
import { FailureNote } from '../FailureNote';
import { LinkResult } from './LinkResult';
import type { PushFormControls } from './push-form-controls';
import { createSubmitter, type Submitter } from './push-submit';
import { ReceiveView } from './receive/ReceiveView';
import { UploadProgress } from './UploadProgress';

// The popup's views, drawn with Preact, and the push from its form: the one module the popup loads on
// demand (./popup-start.ts), on the first sign of use, so that opening it loads neither.

/** A push the form created, with what the link view says about it. */
export interface PushedResult {
  push: Push;
  baseUrl: string;
  passphraseProtected: boolean;
  requested: { expireAfterDays?: number; expireAfterViews?: number };
  /** Found in the Active list after the create's answer did not come in time (lib/share/lost-push.ts). */
  recovered?: true;
}

/** The push from the form, which draws its outcome with these views. */
export function submitterFor(controls: PushFormControls): Submitter {
  return createSubmitter(controls, { showFailure, showUploadProgress });
}

/** Why a push failed (or a note in Pushgate's words), under the form; nothing when null. */
export function showFailure(slot: HTMLElement, failure: ShareFailure | Explanation | null): void {
  const explanation = failure && ('message' in failure ? failure : explainShareFailure(failure));
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

/** "Open a secret link" in place of the push form; returns what takes it down (and its secret) again. */
export function showReceiveView(slot: HTMLElement, props: Parameters<typeof ReceiveView>[0]): () => void {
  render(<ReceiveView {...props} />, slot);
  return () => render(null, slot);
}

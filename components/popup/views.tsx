import { render } from 'preact';
import { dateTimeFormat } from '@/lib/date-time';
import { t } from '@/lib/i18n';
import { explainShareFailure, noAnswerText, type NoAnswer, type ShareFailure } from '@/lib/share/share-failure';
import { FailureNote } from '../FailureNote';
import { LinkResult } from './LinkResult';
import { MaybeCreatedNote, PushAgainQuestion } from './MaybeCreatedNote';
import { PushNotes } from './PushNotes';
import type { FailureContext, PushedResult } from './push-result';
import type { PushFormControls } from './push-form-controls';
import { createSubmitter, type Submitter } from './push-submit';
import { ReceiveView } from './receive/ReceiveView';
import { RetryCountdown } from './receive/RetryCountdown';
import { UploadProgress } from './UploadProgress';

// The popup's views, drawn with Preact, and the push from its form: the one module the popup loads on
// demand (./popup-start.ts), on the first sign of use, so that opening it loads neither.

// The link view dates its state line. Its formatter is made now, while the person is still typing,
// not between the answer and the link: the first one a page makes can take 10 ms and more (docs/performance.md,
// rule 10).
dateTimeFormat();

/** The push from the form, which draws its outcome with these views. */
export function submitterFor(controls: PushFormControls): Submitter {
  return createSubmitter(controls, { showFailure, showUploadProgress, showLooking, showPushAgainQuestion });
}

/**
 * Why a push failed, under the form; nothing when null. A push that may exist is never said to have
 * failed. After a rate limit, the seconds until Push is back are counted down.
 */
export function showFailure(slot: HTMLElement, failure: ShareFailure | null, { holdSeconds, ...context }: FailureContext = {}): void {
  if (!failure) {
    render(null, slot);
    return;
  }
  const explanation = explainShareFailure(failure, context);
  const mayExist =
    ['maybe-created', 'interrupted', 'link-refused'].includes(failure.kind) ||
    (failure.kind === 'cancelled' && failure.looked !== 'not-found');
  render(
    mayExist ? (
      <MaybeCreatedNote explanation={explanation} />
    ) : (
      <>
        <FailureNote explanation={explanation} />
        {holdSeconds !== undefined && <RetryCountdown seconds={holdSeconds} />}
      </>
    ),
    slot,
  );
}

/** No usable answer came: what came instead, first; the push may exist, and the instance is being looked at. */
export function showLooking(slot: HTMLElement, cause?: NoAnswer): void {
  render(
    <p class="note" role="status">
      {noAnswerText(cause)} {t('popupLooking')}
    </p>,
    slot,
  );
}

/** Asks once, without a token, before pushing again what the first try may have made. */
export function showPushAgainQuestion(slot: HTMLElement, onPushAgain: () => void): void {
  render(<PushAgainQuestion onPushAgain={onPushAgain} />, slot);
}

/** A file push on its way with its "Cancel", or nothing when `total` is null. */
export function showUploadProgress(slot: HTMLElement, total: number | null, onCancel: () => void): void {
  render(total === null ? null : <UploadProgress state={{ total }} onCancel={onCancel} />, slot);
}

export interface LinkViewProps {
  result: PushedResult;
  token: string;
  /** The commercial edition's account the push was made in: "Expire now" asks in it. */
  accountId?: string;
  copyAutomatically: boolean;
  onPushAnother: () => void;
}

/** The link just created, in place of the form; returns what takes it down again. */
export function showLinkView(slot: HTMLElement, { result, token, accountId, copyAutomatically, onPushAnother }: LinkViewProps): () => void {
  render(
    <>
      <PushNotes result={result} />
      <LinkResult
        push={result.push}
        connection={accountId ? { baseUrl: result.baseUrl, token, accountId } : { baseUrl: result.baseUrl, token }}
        copyAutomatically={copyAutomatically}
        passphrase={result.passphrase}
        clipboardHoldsPassphrase={result.clipboardHoldsPassphrase}
        requested={result.requested}
        settled={result.after}
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

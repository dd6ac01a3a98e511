import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { expirePush } from '@/lib/pwpush/client';
import type { Explanation } from '@/lib/share/explain';
import type { RetrievedPush } from '@/lib/pwpush/types';
import { t } from '@/lib/i18n';
import { ExpireDialog } from '../../ExpireDialog';
import { FailureNote } from '../../FailureNote';
import { FileLinks } from './FileLinks';
import { PayloadBlock } from './PayloadBlock';
import { asRecipient, type Recipient } from '../../../lib/receive/recipient-requests';
import { explainExpireFailure } from './retrieval-outcome';
import { mayBeQrPush } from '@/lib/receive/qr-push';
import { useFocusOnMount } from '../../use-focus-on-mount';

interface RetrievedPushViewProps {
  recipient: Recipient;
  /** Opened with the API token (a private instance): expiring needs it too. */
  openedWithToken: boolean;
  push: RetrievedPush;
  onOpenAnother: () => void;
}

/**
 * Steps 3 and 4: what the push holds (text, link, files) and what is left of it, or that it is
 * gone; "Expire it now" when the sender let viewers delete it.
 */
export function RetrievedPushView({ recipient, openedWithToken, push, onOpenAnother }: RetrievedPushViewProps) {
  const [expiredNow, setExpiredNow] = useState(false);
  const [expiring, setExpiring] = useState(false);
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [confirming, setConfirming] = useState(false);
  const expiringRef = useRef(false);
  const expireButton = useRef<HTMLButtonElement>(null);
  // Focused when there is no secret to copy (files only); the Copy button takes it otherwise.
  const openAnother = useFocusOnMount<HTMLButtonElement>(!push.payload);
  // Focus moves wait for the render that removes the modal dialog: the page behind it is inert.
  const focusAfterClose = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    const target = focusAfterClose.current;
    focusAfterClose.current = null;
    target?.focus();
  });

  async function expire() {
    if (expiringRef.current) return;
    expiringRef.current = true;
    setExpiring(true);
    setFailure(null);
    try {
      // As a viewer: no token, so the server checks `deletable_by_viewer`
      // (docs/password-pusher.md#delete), unless the instance is private and took the token to
      // open it.
      const { result } = await asRecipient(recipient, (cfg) => expirePush(cfg, push.urlToken), openedWithToken);
      if (result.ok) setExpiredNow(true);
      else setFailure(explainExpireFailure(result.error, new URL(recipient.baseUrl).host));
      // Expired, the button is gone: the next step is another link.
      focusAfterClose.current = result.ok ? openAnother.current : expireButton.current;
    } catch {
      setFailure({ message: t('errorNetwork'), next: 'retry' });
      focusAfterClose.current = expireButton.current;
    }
    expiringRef.current = false;
    setExpiring(false);
    setConfirming(false);
  }

  if (push.expired) {
    return (
      <section class="receive-result">
        <p class="note warn" role="status">
          {t('receiveExpired')}
        </p>
        <OpenAnother onClick={onOpenAnother} autoFocus />
      </section>
    );
  }

  // The view that used up the last one still returns the content; the push is gone right after,
  // except a file push, which stays until the next access so its files can be fetched
  // (docs/password-pusher.md#show).
  const lastView = push.viewsRemaining === 0;
  const canExpire = push.deletableByViewer === true && !expiredNow && (!lastView || push.files.length > 0);

  return (
    <section class="receive-result">
      {push.payload && (
        <PayloadBlock
          payload={push.payload}
          urlPush={push.deletableByViewer === null}
          qrPush={mayBeQrPush(push) ? { baseUrl: recipient.baseUrl, urlToken: push.urlToken } : null}
        />
      )}
      <FileLinks files={push.files} instanceUrl={recipient.baseUrl} />
      <p class="hint">{t('receiveNotKept')}</p>
      {openedWithToken && <p class="hint">{t('receiveOpenedWithToken')}</p>}
      <div role="status">
        {expiring ? (
          <p class="hint">{t('receiveExpiring')}</p>
        ) : expiredNow ? (
          <p class="note ok">{t('receiveExpiredNow')}</p>
        ) : lastView ? (
          <p class="note warn">{t('receiveLastView')}</p>
        ) : (
          <p class="hint">{t('receiveRemaining', push.viewsRemaining, push.daysRemaining)}</p>
        )}
      </div>
      {failure && <FailureNote explanation={failure} />}
      <div class="row receive-actions">
        {canExpire && (
          <button
            ref={expireButton}
            type="button"
            class="danger"
            disabled={expiring}
            aria-busy={expiring}
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            {t('receiveExpireNow')}
          </button>
        )}
        <button ref={openAnother} type="button" onClick={onOpenAnother}>
          {t('receiveOpenAnother')}
        </button>
      </div>
      {/* It cannot be undone and ends the push for its other recipients too: confirmed first, as on the Pushes page. */}
      {confirming && (
        <ExpireDialog
          text={t('receiveExpireText')}
          busy={expiring}
          onConfirm={() => void expire()}
          onCancel={() => {
            setConfirming(false);
            focusAfterClose.current = expireButton.current;
          }}
        />
      )}
    </section>
  );
}

function OpenAnother({ onClick, autoFocus = false }: { onClick: () => void; autoFocus?: boolean }) {
  const button = useFocusOnMount<HTMLButtonElement>(autoFocus);
  return (
    <button ref={button} type="button" onClick={onClick}>
      {t('receiveOpenAnother')}
    </button>
  );
}

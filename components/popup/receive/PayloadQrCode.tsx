import { useEffect, useRef, useState } from 'preact/hooks';
import { madeHereAsQrPush } from '@/lib/receive/qr-push';
import { t } from '@/lib/i18n';
import { LazyQrCode } from '../../LazyQrCode';

/** Where a push that may be a QR push lives, and its token: the history there may know its kind. */
export interface QrPushRef {
  baseUrl: string;
  urlToken: string;
}

/**
 * Whether the secret is drawn as a QR code: at once for a push this browser made as a QR push,
 * else after "Show as QR code", since the server never tells the kind. Never for `null`, a push
 * that cannot be a QR push.
 */
export function useQrShown(push: QrPushRef | null): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  // The person's own click wins over a slow answer of the history.
  const clicked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, for the push this view shows
  useEffect(() => {
    if (!push) return;
    let current = true;
    void madeHereAsQrPush(push.baseUrl, push.urlToken).then((qr) => current && qr && !clicked.current && setShown(true));
    return () => {
      current = false;
    };
  }, []);
  function toggle() {
    clicked.current = true;
    setShown((was) => !was);
  }
  return [shown, toggle];
}

/** The secret as a QR code, drawn here as the sender sees it (components/QrCode.tsx), never by a service. */
export function PayloadQrCode({ payload }: { payload: string }) {
  return (
    <div id="receive-qr-code">
      <LazyQrCode value={payload} label={t('receiveQrLabel')} size={256} />
    </div>
  );
}

/** "Show as QR code" / "Hide QR code". */
export function QrToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button type="button" aria-expanded={shown} aria-controls="receive-qr-code" onClick={onToggle}>
      {shown ? t('receiveHideQr') : t('receiveShowQr')}
    </button>
  );
}

import { useEffect, useState } from 'preact/hooks';
import type { QrCode as QrCodeComponent } from './QrCode';

type QrCodeProps = Parameters<typeof QrCodeComponent>[0];

/**
 * The QR code, drawn after the link: its encoder (`uqr`) is a chunk of its own, loaded once the
 * link is on screen (effects run after the paint), so the link never waits for it. Until then an
 * empty box of the same size keeps the buttons below from jumping.
 */
export function LazyQrCode(props: QrCodeProps) {
  const [QrCode, setQrCode] = useState<typeof QrCodeComponent | null>(null);
  useEffect(() => {
    let shown = true;
    import('./QrCode').then(
      (module) => shown && setQrCode(() => module.QrCode),
      // No QR code is better than no link: the link above it is what matters.
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  if (QrCode) return <QrCode {...props} />;
  const size = props.size ?? 176; // QrCode's own default
  return <div class="qr-code" style={{ width: `${size}px`, height: `${size}px` }} />;
}

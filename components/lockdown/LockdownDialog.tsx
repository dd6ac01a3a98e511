import { useEffect, useRef, useState } from 'preact/hooks';
import { countMessage, t } from '@/lib/i18n';
import { hostOf } from '@/lib/url';
import { serverText } from '@/lib/short-text';
import '../expire-dialog.css';
import { formatCount } from './format-count';
import { TokenPageButton } from './TokenStep';
import type { ActiveCount } from './useActiveCount';

interface LockdownDialogProps {
  /** The instance; empty when none is set up. */
  baseUrl: string;
  withToken: boolean;
  /** The commercial edition's chosen account, whose pushes it expires (docs/password-pusher.md#accounts). */
  accountName?: string;
  count: ActiveCount;
  onConfirm(keepTokenForSession: boolean): void;
  onCancel(): void;
}

/**
 * The one confirmation of a lockdown, naming everything it will do. A modal dialog like the
 * expire one: the focus starts on Cancel, Escape cancels, the caller puts the focus back.
 */
export function LockdownDialog({ baseUrl, withToken, accountName, count, onConfirm, onCancel }: LockdownDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [keepToken, setKeepToken] = useState(false);

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  const host = baseUrl ? hostOf(baseUrl) : '';
  return (
    <dialog
      ref={dialog}
      class="expire-dialog lockdown-dialog"
      aria-labelledby="lockdown-dialog-title"
      aria-describedby="lockdown-dialog-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="lockdown-dialog-title">{t('lockdownDialogTitle')}</h2>
      <div id="lockdown-dialog-text">
        <p>{t('lockdownDialogIntro')}</p>
        <ul>
          {withToken && <li>{expireLine(host, count)}</li>}
          {host && <li>{t('lockdownWillExpireOwn', host)}</li>}
          <li>{t('lockdownWillForgetHistory')}</li>
          {import.meta.env.PUSHGATE_AIRPORT && <li>{t('lockdownWillForgetAirports')}</li>}
          {withToken && <li>{t('lockdownWillForgetToken')}</li>}
          <li>{t('lockdownWillEmptyClipboard')}</li>
        </ul>
        {withToken && <p class="note warn">{t('lockdownTokenStillWorks', host)}</p>}
        {withToken && accountName !== undefined && <p>{t('lockdownInAccount', serverText(accountName))}</p>}
        {!withToken && <p class="note warn">{host ? t('lockdownNoToken', host) : t('lockdownNoInstance')}</p>}
      </div>
      {withToken && (
        <div class="row lockdown-token-page">
          <TokenPageButton baseUrl={baseUrl} host={host} />
        </div>
      )}
      {withToken && (
        <label class="check">
          <input type="checkbox" checked={keepToken} onChange={(event) => setKeepToken(event.currentTarget.checked)} />
          {t('lockdownKeepToken')}
        </label>
      )}
      <div class="row dialog-actions">
        <button type="button" class="primary danger" onClick={() => onConfirm(withToken && keepToken)}>
          {t('lockdownConfirm')}
        </button>
        <button type="button" ref={cancel} onClick={onCancel}>
          {t('pushesCancel')}
        </button>
      </div>
    </dialog>
  );
}

function expireLine(host: string, count: ActiveCount): string {
  if (count && 'exact' in count) {
    if (count.exact === 0) return t('lockdownWillExpireNone', host);
    return t(countMessage(count.exact, 'lockdownWillExpireOne', 'lockdownWillExpireCount'), formatCount(count.exact), host);
  }
  if (count) return t('lockdownWillExpireAtLeast', formatCount(count.atLeast), host);
  return t('lockdownWillExpireAll', host);
}

import { unnamedPushLabel } from '@/lib/history/push-label';
import { clearCopiedLinkLater } from '@/lib/browser/clipboard/clear-relay';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { markExpired } from '@/lib/history/entries';
import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { canExpire, sameInstance, type PushRow } from '@/lib/push-lists/rows';
import { expirePush, previewUrl } from '@/lib/pwpush/client';
import type { Explanation } from '@/lib/share/explain';
import { checkSecretUrl } from '@/lib/pwpush/secret-url';
import type { ClientConfig, Push } from '@/lib/pwpush/types';
import { explainPushesError } from '../../lib/push-lists/explain';
import { localTime } from '../push-format';
import type { Connection } from '../../lib/push-lists/loaders';

/** The token only goes to the instance it belongs to; other instances' rows get none. */
export function configFor(row: PushRow, connection: Connection | null): ClientConfig {
  const own = connection !== null && sameInstance(connection.baseUrl, row.baseUrl);
  return own ? { baseUrl: row.baseUrl, token: connection.token, accountId: connection.accountId } : { baseUrl: row.baseUrl, token: '' };
}

export const displayName = (row: PushRow) => row.name || unnamedPushLabel(row);

/** Which push a message is about: its name, or for an unnamed one its created time and token start. */
/** A push in a sentence of ours: its name isolated (lib/short-text.ts), or when it has none, when it was made and its token's start. */
export const describePush = (row: PushRow) =>
  row.name ? serverText(row.name) : t('pushesUnnamedPush', localTime(row.createdAt), serverText(row.urlToken.slice(0, 6)));

interface RowActionOptions {
  connection: Connection | null;
  /** The push is expired on the server (or gone from it): `push` is the DELETE answer. */
  onExpired(row: PushRow, push?: Push): void;
  /** Where the focus goes when the Expire button it came from is gone. */
  focusFallback(): void;
}

/** "Copy link" and "Expire" (with its confirmation) for the rows of one list. */
export function useRowActions({ connection, onExpired, focusFallback }: RowActionOptions) {
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [confirming, setConfirming] = useState<PushRow | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  // Focus moves wait for the render that removes the dialog: while the modal dialog is open the
  // page behind it is inert and a `focus()` there does nothing (the focus fell to <body>).
  const focusAfterClose = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    const move = focusAfterClose.current;
    focusAfterClose.current = null;
    move?.();
  });

  function report(message: string, problem: Explanation | null) {
    setNotice(message);
    setFailure(problem);
  }

  async function copy(row: PushRow) {
    report('', null);
    const config = configFor(row, connection);
    let url = row.htmlUrl;
    if (!url) {
      // Rows without the link: the preview endpoint builds it without counting a view
      // (docs/password-pusher.md#preview).
      const preview = await previewUrl(config, row.urlToken);
      if (!preview.ok) return report('', explainPushesError(preview.error, 'copy', config.token !== ''));
      url = preview.value;
    }
    // A link from the server (the list or the preview) is checked before it is copied.
    const link = checkSecretUrl(url, row.baseUrl);
    if (!link.ok) return report('', explainPushesError(link.error, 'copy', config.token !== ''));
    try {
      await navigator.clipboard.writeText(link.value);
      report(t('pushesCopied', describePush(row)), null);
      void clearCopiedLinkLater(link.value, row.passphraseProtected);
    } catch {
      report('', { message: t('pushesCopyFailed'), next: 'none' });
    }
  }

  function askExpire(row: PushRow, from: HTMLElement) {
    opener.current = from;
    report('', null);
    setConfirming(row);
  }

  function cancel() {
    setConfirming(null);
    focusAfterClose.current = () => opener.current?.focus();
  }

  async function confirm() {
    const row = confirming;
    if (!row || busy) return;
    setBusy(true);
    const config = configFor(row, connection);
    const answer = await expirePush(config, row.urlToken);
    // A purged push (404) cannot be opened any more either: the history learns that too.
    const gone = answer.ok || answer.error.kind === 'not-found';
    if (gone) await markExpired(row.baseUrl, row.urlToken, answer.ok ? answer.value : undefined);
    setBusy(false);
    setConfirming(null);
    if (answer.ok) {
      onExpired(row, answer.value);
      report(t('pushesExpiredDone', describePush(row)), null);
      focusAfterClose.current = focusFallback;
      return;
    }
    if (gone) onExpired(row);
    const accountName = config.accountId !== undefined ? connection?.accountName : undefined;
    report('', explainPushesError(answer.error, 'expire', config.token !== '', accountName));
    focusAfterClose.current = gone ? focusFallback : () => opener.current?.focus();
  }

  return {
    notice,
    failure,
    confirming,
    busy,
    copy,
    askExpire,
    cancel,
    confirm,
    canExpire: (row: PushRow) => canExpire(row, configFor(row, connection).token !== ''),
  };
}

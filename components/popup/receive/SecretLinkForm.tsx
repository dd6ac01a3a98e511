import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { parseSecretLink, type SecretLinkRefusal } from '@/lib/receive/secret-link';
import { hostOf, originOf } from '@/lib/url';
import { t } from '@/lib/i18n';
import { useFocusOnMount } from '../../use-focus-on-mount';
import { PassphraseInput } from './PassphraseInput';

interface SecretLinkFormProps {
  /** The configured instance's origin: the only one whose links are opened. */
  instanceOrigin: string;
  /** The instance takes requests: its `/r/` links are requests to answer in a tab, not pushes. */
  requestLinks?: boolean;
  busy: boolean;
  /** The optional passphrase, held by the caller: it goes with the first request. */
  passphrase: string;
  onPassphraseInput: (value: string) => void;
  /** Called only after the person confirmed that opening counts a view. */
  onOpen: (urlToken: string) => void;
  /** The link was edited: earlier failures no longer apply. */
  onEdit: () => void;
}

/**
 * Step 1: "Secret link", an optional passphrase and "Open". A passphrase known up front goes with
 * the first request: asked without it, the server logs a failed passphrase attempt in the
 * sender's audit log (docs/password-pusher.md#passphrase) for what was a correct opening.
 * "Open" only checks the link; the request waits for a second, explicit "Open and count a view"
 * under the warning, because every retrieval burns a view and the last one deletes the push.
 * Pasting alone never sends anything.
 */
export function SecretLinkForm({
  instanceOrigin,
  requestLinks = false,
  busy,
  passphrase,
  onPassphraseInput,
  onOpen,
  onEdit,
}: SecretLinkFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A request link is answered on the instance's page, in a tab: it holds no secret to open here.
  const [requestLink, setRequestLink] = useState<string | null>(null);
  const [confirmToken, setConfirmToken] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const input = useFocusOnMount<HTMLInputElement>();

  useEffect(() => {
    if (confirmToken !== null) confirmButton.current?.focus();
  }, [confirmToken]);

  function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    if (confirmToken !== null) return onOpen(confirmToken);
    const parsed = parseSecretLink(value, instanceOrigin, { requestLinks });
    if (parsed.ok) return setConfirmToken(parsed.urlToken);
    setError(refusalText(parsed, instanceOrigin));
    setRequestLink(parsed.reason === 'request-link' ? parsed.link : null);
    input.current?.focus();
  }

  function edit(text: string) {
    setValue(text);
    setError(null);
    setRequestLink(null);
    setConfirmToken(null);
    onEdit();
  }

  const describedBy = error ? 'secret-link-hint secret-link-error' : 'secret-link-hint';

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <div class="field">
        <label for="secret-link">{t('receiveLinkLabel')}</label>
        <input
          ref={input}
          id="secret-link"
          type="text"
          inputMode="url"
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          value={value}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(e) => edit((e.currentTarget as HTMLInputElement).value)}
        />
        <p id="secret-link-hint" class="hint">
          {t('receiveLinkHint', hostOf(instanceOrigin))}
        </p>
        {error && (
          <p id="secret-link-error" class="field-error" role="alert">
            {error}
          </p>
        )}
        {requestLink !== null && (
          <button type="button" onClick={() => void browser.tabs.create({ url: requestLink })}>
            {t('receiveOpenRequest')}
          </button>
        )}
      </div>
      <div class="field">
        <label for="receive-passphrase-first">{t('receivePassphraseFirstLabel')}</label>
        <PassphraseInput
          id="receive-passphrase-first"
          value={passphrase}
          describedBy="receive-passphrase-first-hint"
          onInput={onPassphraseInput}
        />
        <p id="receive-passphrase-first-hint" class="hint">
          {t('receivePassphraseFirstHint')}
        </p>
      </div>
      {confirmToken === null ? (
        <button type="submit" class="primary">
          {t('receiveOpen')}
        </button>
      ) : (
        <div class="note warn receive-confirm">
          <p id="receive-view-warning">{t('receiveWarning')}</p>
          <div class="row">
            <button
              ref={confirmButton}
              type="submit"
              class="primary"
              disabled={busy}
              aria-busy={busy}
              aria-describedby="receive-view-warning"
            >
              {t('receiveConfirm')}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirmToken(null)}>
              {t('receiveCancel')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

function refusalText(refusal: SecretLinkRefusal, instanceOrigin: string): string {
  const origin = originOf(instanceOrigin);
  switch (refusal.reason) {
    case 'empty':
      return t('receiveLinkEmpty');
    case 'not-a-link':
      return t('receiveNotALink', `${origin}/p/…`);
    case 'other-instance':
      return t('receiveOtherInstance', refusal.linkOrigin, origin);
    case 'request-link':
      return t('receiveRequestLink');
  }
}

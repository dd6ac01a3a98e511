import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { markExpiredInBackground } from '@/lib/history/relay';
import { expirePush } from '@/lib/pwpush/client';
import { explainExpireError, type Explanation } from '@/lib/share/explain';
import type { Push } from '@/lib/pwpush/types';
import { daysText, t, viewsText } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { pushState, type CheckedVia } from '@/lib/history/push-state';
import { LazyQrCode } from '../LazyQrCode';
import { ExpireDialog } from '../ExpireDialog';
import { localTime } from '../push-format';
import { PushStateText } from '../PushStateText';
import { FailureNote } from '../FailureNote';
import { LinkReceipts } from './LinkReceipts';
import { PassphraseOnce } from './PassphraseOnce';
import { PushAnotherQuestion } from './PushAnotherQuestion';
import { useLinkClearing } from './useLinkClearing';

interface LinkResultProps {
  push: Push;
  /** Where the push lives and the token that may expire it (the same the push was made with). */
  connection: { baseUrl: string; token: string; accountId?: string };
  /** Copy the link as soon as it is shown (the `copyLinkAutomatically` default). */
  copyAutomatically?: boolean;
  /** The passphrase the push was made with, shown once (./PassphraseOnce.tsx); in memory only. */
  passphrase?: string;
  /**
   * The person copied the passphrase from the form just before pushing: copying the link by itself
   * would silently replace it on the clipboard, so the link waits for "Copy link".
   */
  clipboardHoldsPassphrase?: boolean;
  /**
   * The expiry asked for: the server silently replaces values outside its limits
   * (docs/password-pusher.md#defaults-and-limits).
   */
  requested?: { expireAfterDays?: number; expireAfterViews?: number };
  /** Resolves once the background has settled the push (its history entry written), a moment after the link shows. */
  settled?: Promise<unknown>;
  /** Move the keyboard focus to "Copy link" when shown (the popup; not a list of pushes). */
  autoFocus?: boolean;
  /** "Push another": the primary action once the push has expired. */
  onPushAnother?: () => void;
  /** Further actions. */
  children?: ComponentChildren;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A created push: its link as text (exactly the `htmlUrl` the server returned: it already
 * carries `/r` for a retrieval step, docs/password-pusher.md#secret-url), copy, open, a local QR
 * code, what is left, and "Expire now".
 */
export function LinkResult(props: LinkResultProps) {
  const [push, setPush] = useState(props.push);
  // When and through what the server last told this push's state: its answer to the push, then to "Expire now".
  const [checked, setChecked] = useState<{ at: number; via: CheckedVia }>(() => ({ at: Date.now(), via: 'created' }));
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const [expiring, setExpiring] = useState(false);
  const [expireFailure, setExpireFailure] = useState<Explanation | null>(null);
  const expiringRef = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const [passphraseSeen, setPassphraseSeen] = useState(false);
  const [askingPushAnother, setAskingPushAnother] = useState(false);
  const autoCopyHeld = props.copyAutomatically === true && props.clipboardHoldsPassphrase === true;
  const copyButton = useRef<HTMLButtonElement>(null);
  const expireButton = useRef<HTMLButtonElement>(null);
  const pushAnotherButton = useRef<HTMLButtonElement>(null);
  // Focus moves wait for the render that removes the modal dialog: the page behind it is inert.
  const focusAfterClose = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    const target = focusAfterClose.current;
    focusAfterClose.current = null;
    target?.focus();
  });
  // The link as checked when the push was made (lib/share/share-push.ts); the DELETE answer's copy is not used.
  const url = props.push.htmlUrl;
  const linkClearing = useLinkClearing(url, Boolean(props.passphrase));

  async function copy() {
    // Emptied first: copying again must change the status text, or a screen reader hears nothing.
    setCopyState('idle');
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      setCopyState('failed');
      return;
    }
    setCopyState('copied');
    // The background outlives this popup and clears the copy after the chosen time.
    void linkClearing.copied();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses and copies once, when the link appears, as the first render's props ask; `copy` is a new function each render
  useEffect(() => {
    if (props.autoFocus) copyButton.current?.focus();
    if (props.copyAutomatically && !props.clipboardHoldsPassphrase) void copy();
  }, []);

  async function expire() {
    if (expiringRef.current) return;
    expiringRef.current = true;
    setExpiring(true);
    setExpireFailure(null);
    const result = await expirePush(props.connection, push.urlToken);
    setConfirming(false);
    if (result.ok) {
      setPush(result.value);
      setChecked({ at: Date.now(), via: 'expired-here' });
      // The link is dead: "Copied" no longer helps, and the next step is another push.
      setCopyState('idle');
      focusAfterClose.current = pushAnotherButton.current ?? copyButton.current;
      // The background writes it: the popup may close any moment. A history that cannot be
      // written must not undo what the person sees.
      markExpiredInBackground(props.connection.baseUrl, result.value);
    } else {
      setExpireFailure(explainExpireError(result.error));
      focusAfterClose.current = expireButton.current;
    }
    expiringRef.current = false;
    setExpiring(false);
  }

  // A URL push (deletableByViewer null) or one not deletable by viewers needs the owner's token.
  const canExpire = !push.expired && (props.connection.token !== '' || push.deletableByViewer === true);
  const trusted = props.connection.token !== '';
  // The same rule as the pushes page (lib/history/push-state.ts): without a token it never says "active".
  const state = pushState(
    { ...push, expiredAt: push.expiredOn ?? undefined, checkedAt: checked.at, checkedVia: checked.via },
    trusted,
    Date.now(),
  );

  return (
    <section class="link-result" aria-labelledby="link-result-heading">
      <h2 id="link-result-heading">{push.expired ? t('linkExpiredHeading') : t('linkHeading')}</h2>
      <p class="link-text">{url}</p>
      <div class="row link-actions">
        <button
          type="button"
          class={push.expired ? undefined : 'primary'}
          ref={copyButton}
          aria-describedby={linkClearing.hint && !push.expired ? 'link-copy-hint' : undefined}
          onClick={() => void copy()}
        >
          {t('linkCopy')}
        </button>
        <button type="button" aria-describedby="link-open-hint" onClick={() => void browser.tabs.create({ url })}>
          {t('linkOpen')}
        </button>
        {canExpire && (
          <button
            type="button"
            class="danger"
            ref={expireButton}
            disabled={expiring}
            aria-busy={expiring}
            onClick={() => {
              setExpireFailure(null);
              setConfirming(true);
            }}
          >
            {t('linkExpireNow')}
          </button>
        )}
      </div>
      {/* Expiring cannot be undone: it is confirmed first, as on the pushes page. */}
      {confirming && (
        <ExpireDialog
          name={
            push.name ? serverText(push.name) : t('pushesUnnamedPush', localTime(push.createdAt), serverText(push.urlToken.slice(0, 6)))
          }
          busy={expiring}
          onConfirm={() => void expire()}
          onCancel={() => {
            setConfirming(false);
            focusAfterClose.current = expireButton.current;
          }}
        />
      )}
      {!push.expired && (
        <p id="link-open-hint" class="hint">
          {t('linkOpenCountsView')}
        </p>
      )}
      {linkClearing.hint && !push.expired && (
        <p id="link-copy-hint" class="hint">
          {linkClearing.hint}
        </p>
      )}
      {autoCopyHeld && copyState === 'idle' && <p class="note">{t('linkNotCopiedPassphraseKept')}</p>}
      <p role="status" class="hint">
        {copyState === 'copied' && t('linkCopied')}
        {copyState === 'failed' && t('linkCopyFailed')}
      </p>
      <div role="status">{push.expired && <p class="note ok">{t('linkExpiredNote')}</p>}</div>
      <p class="link-state">
        <PushStateText state={state} />
      </p>
      {!push.expired && (
        <>
          {state.daysRemaining === undefined && <p class="hint">{t('linkRemaining', push.daysRemaining, push.viewsRemaining)}</p>}
          {limitsChanged(push, props.requested) && (
            <p class="note warn">{t('linkLimitsChanged', daysText(push.expireAfterDays), viewsText(push.expireAfterViews))}</p>
          )}
          {props.passphrase && <PassphraseOnce passphrase={props.passphrase} onSeen={() => setPassphraseSeen(true)} />}
          {trusted && <LinkReceipts baseUrl={props.connection.baseUrl} urlToken={push.urlToken} settled={props.settled} />}
          <LazyQrCode value={url} label={t('linkQrLabel')} />
        </>
      )}
      {expireFailure && <FailureNote explanation={expireFailure} />}
      {props.onPushAnother && askingPushAnother && (
        <PushAnotherQuestion
          onPushAnother={props.onPushAnother}
          onCancel={() => {
            setAskingPushAnother(false);
            focusAfterClose.current = pushAnotherButton.current;
          }}
        />
      )}
      {props.onPushAnother && !askingPushAnother && (
        <button
          type="button"
          class={push.expired ? 'primary' : undefined}
          ref={pushAnotherButton}
          onClick={() => {
            // A passphrase nobody has seen is gone with this view: ask first.
            if (props.passphrase && !passphraseSeen && !push.expired) setAskingPushAnother(true);
            else props.onPushAnother?.();
          }}
        >
          {t('popupPushAnother')}
        </button>
      )}
      {props.children}
    </section>
  );
}

function limitsChanged(push: Push, requested: LinkResultProps['requested']): boolean {
  if (!requested) return false;
  const days = requested.expireAfterDays;
  const views = requested.expireAfterViews;
  return (days !== undefined && days !== push.expireAfterDays) || (views !== undefined && views !== push.expireAfterViews);
}

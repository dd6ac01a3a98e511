import { useEffect, useRef, useState } from 'preact/hooks';
import { cachedCapabilities } from '@/lib/share/capabilities';
import { markOpenedInBackground } from '@/lib/history/relay';
import { retrievePush } from '@/lib/pwpush/client';
import { offersRequests } from '@/lib/pwpush/edition';
import type { Explanation } from '@/lib/share/explain';
import type { ClientConfig, RetrievedPush } from '@/lib/pwpush/types';
import { hostOf } from '@/lib/url';
import { t } from '@/lib/i18n';
import { FailureNote } from '../../FailureNote';
import { PassphraseForm } from './PassphraseForm';
import { asRecipient, type Recipient } from '../../../lib/receive/recipient-requests';
import { RetrievedPushView } from './RetrievedPushView';
import { RetryCountdown } from './RetryCountdown';
import { type RetrievalOutcome, retrievalOutcome } from './retrieval-outcome';
import { SecretLinkForm } from './SecretLinkForm';
import './receive.css';

type Stage =
  | { name: 'link' }
  | { name: 'passphrase'; urlToken: string; wrong: boolean }
  | { name: 'shown'; push: RetrievedPush; withToken: boolean };

/** A failure note, and how long a limit asks to wait (a countdown under the note). */
interface Failure {
  explanation: Explanation;
  waitSeconds?: number;
  /** Each failure its own: a second limit restarts the countdown. */
  id: number;
}

interface ReceiveViewProps {
  /** The configured instance: links of any other origin are refused before a request. */
  baseUrl: string;
  /** That instance's API token ('' when none): sent only when the instance refuses anonymous API calls. */
  token?: string;
  onBack: () => void;
}

/**
 * "Open a secret link", the recipient's side: link (and a passphrase, if known) → (passphrase) →
 * content. The retrieved content and the passphrase live in this component's state only: never
 * stored, never logged, and dropped when the page is hidden or this view closes.
 */
export function ReceiveView({ baseUrl, token = '', onBack }: ReceiveViewProps) {
  const [stage, setStage] = useState<Stage>({ name: 'link' });
  const [passphrase, setPassphrase] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const failures = useRef(0);
  // Set before the first await: every request is a view, so a double click must not send two.
  const busyRef = useRef(false);
  // Bumped when the content is cleared, so an answer still on its way is dropped, not shown.
  const generation = useRef(0);
  const instanceHost = hostOf(baseUrl);
  // Private instance: from the cached features, or learnt from a 401 of this view (then the token goes at once).
  const anonymousOff = useRef(false);
  const [requestLinks, setRequestLinks] = useState(false);
  // Read once, on open: the first retrieval waits for it (a few ms) rather than guess.
  const cacheRead = useRef<Promise<unknown> | null>(null);
  const recipient: Recipient = { baseUrl, token };

  function clear() {
    generation.current += 1;
    busyRef.current = false;
    setBusy(false);
    setStage({ name: 'link' });
    setPassphrase('');
    setFailure(null);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once, when the view opens: the view belongs to one instance (`baseUrl`), and `clear` is a new function each render that works through refs and state setters
  useEffect(() => {
    // The popup closing (or a tab going to the back/forward cache) takes the content with it.
    window.addEventListener('pagehide', clear);
    cacheRead.current = cachedCapabilities(baseUrl)
      .then((info) => {
        if (info && !info.features.anonymousAccess) anonymousOff.current = true;
        setRequestLinks(offersRequests(info));
      })
      .catch(() => {});
    return () => window.removeEventListener('pagehide', clear);
  }, []);

  async function retrieve(urlToken: string, sentPassphrase?: string) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    const started = generation.current;
    await cacheRead.current;
    // No token unless the instance refuses anonymous API calls (recipient-requests.ts).
    const read = (cfg: ClientConfig) => retrievePush(cfg, urlToken, sentPassphrase);
    const answer = await asRecipient(recipient, read, anonymousOff.current).catch(() => null);
    if (started !== generation.current) return;
    if (answer?.withToken) anonymousOff.current = true;
    const result = answer?.result;
    busyRef.current = false;
    setBusy(false);
    const outcome: RetrievalOutcome = result
      ? retrievalOutcome(result, sentPassphrase !== undefined, instanceHost)
      : { kind: 'failed', explanation: { message: t('errorNetwork'), next: 'retry' } };
    switch (outcome.kind) {
      case 'shown':
        // The token and a time, never the content: the pushes page can then say "Opened here".
        // An expired push shows no content (docs/password-pusher.md#show): that was no opening.
        if (!outcome.push.expired) markOpenedInBackground(baseUrl, urlToken, { lastView: outcome.push.viewsRemaining === 0 });
        setPassphrase('');
        return setStage({ name: 'shown', push: outcome.push, withToken: answer?.withToken === true });
      case 'passphrase-needed':
        return setStage({ name: 'passphrase', urlToken, wrong: false });
      case 'passphrase-wrong':
        return setStage({ name: 'passphrase', urlToken, wrong: true });
      case 'failed':
        return setFailure({ explanation: outcome.explanation, waitSeconds: outcome.waitSeconds, id: ++failures.current });
    }
  }

  return (
    <section class="receive-view" aria-labelledby="receive-heading" aria-busy={busy}>
      <div class="row receive-heading-row">
        <h2 id="receive-heading">{t('receiveHeading')}</h2>
        <button type="button" class="small" onClick={onBack}>
          {t('receiveBack')}
        </button>
      </div>
      {stage.name === 'link' && (
        <SecretLinkForm
          instanceOrigin={baseUrl}
          requestLinks={requestLinks}
          busy={busy}
          passphrase={passphrase}
          onPassphraseInput={setPassphrase}
          // An empty field sends none: a blank passphrase only wastes a request.
          onOpen={(urlToken) => void retrieve(urlToken, passphrase === '' ? undefined : passphrase)}
          onEdit={() => setFailure(null)}
        />
      )}
      {stage.name === 'passphrase' && (
        <PassphraseForm
          value={passphrase}
          onInput={(value) => {
            setPassphrase(value);
            setStage({ ...stage, wrong: false });
          }}
          wrong={stage.wrong}
          busy={busy}
          onSubmit={(value) => {
            // Cleared first so a second wrong try is announced (and focused) again.
            setStage({ ...stage, wrong: false });
            void retrieve(stage.urlToken, value);
          }}
          onCancel={clear}
        />
      )}
      {stage.name === 'shown' && (
        <RetrievedPushView recipient={recipient} openedWithToken={stage.withToken} push={stage.push} onOpenAnother={clear} />
      )}
      {failure && <FailureNote explanation={failure.explanation} />}
      {failure?.waitSeconds !== undefined && <RetryCountdown key={failure.id} seconds={failure.waitSeconds} />}
      <p role="status" class="visually-hidden">
        {busy ? t('receiveOpening') : ''}
      </p>
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { isRunning } from '@/lib/lockdown/store';
import { getConnection, type Connection } from '@/lib/settings';
import { hostOf } from '@/lib/url';
import { LockdownDialog } from './LockdownDialog';
import { LockdownProgress, progressLine } from './LockdownProgress';
import { LockdownReport, reportTitle } from './LockdownReport';
import { useActiveCount } from './useActiveCount';
import { useLockdown } from './useLockdown';
import { useSparseText } from './useSparseText';
import './lockdown.css';

interface LockdownSectionProps {
  /** Opened from the popup's menu: the confirmation shows at once (unless a lockdown runs). */
  askAtStart?: boolean;
  /** Called when the confirmation closes, so the page can forget that it was asked for. */
  onAsked?(): void;
  /** Called when a lockdown ends while the page is open: the lists it shows changed. */
  onFinished?(): void;
}

/**
 * Lockdown on the Pushes page and the settings page: the button, its one confirmation, the progress
 * of a lockdown running in the background (also one started elsewhere, or before this page was
 * reopened) and the report of the last one until it is closed.
 */
export function LockdownSection({ askAtStart = false, onAsked, onFinished }: LockdownSectionProps) {
  const lockdown = useLockdown(onFinished);
  const [connection, setConnection] = useState<Connection | null | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  const { state } = lockdown;
  const running = state !== undefined && isRunning(state);

  useEffect(() => {
    void getConnection().then(setConnection);
  }, []);
  const loaded = state !== undefined;
  useEffect(() => {
    if (askAtStart && loaded && !running) setAsking(true);
  }, [askAtStart, loaded, running]);

  const count = useActiveCount(asking ? connection : null);
  // In the page from the start, so a screen reader hears the changes: the progress, then the end.
  const announced = useSparseText(!state ? '' : running ? progressLine(state) : state.report ? reportTitle(state.report) : '');

  function close(confirmed: boolean) {
    setAsking(false);
    onAsked?.();
    setTimeout(() => (confirmed ? progress.current : opener.current)?.focus());
  }

  return (
    <section class="lockdown" aria-labelledby="lockdown-heading">
      <h2 id="lockdown-heading">{t('lockdownHeading')}</h2>
      <p role="status" class="visually-hidden">
        {announced}
      </p>
      <div ref={progress} tabIndex={-1} class="lockdown-state">
        {state && running && <LockdownProgress state={state} />}
        {state?.phase === 'done' && state.report && (
          <LockdownReport
            report={state.report}
            baseUrl={state.baseUrl}
            host={state.baseUrl ? hostOf(state.baseUrl) : ''}
            accountName={state.accountName}
            onTokenAnswer={(answer) =>
              // The buttons answered are gone: the focus goes to the report's heading, which now says where it stands.
              void lockdown.answerToken(answer).then(() => setTimeout(() => progress.current?.querySelector<HTMLElement>('h3')?.focus()))
            }
            onClose={() => void lockdown.dismiss().then(() => setTimeout(() => opener.current?.focus()))}
          />
        )}
      </div>
      {!running && (
        <div class="row lockdown-start">
          <p class="hint">{t('lockdownIntro')}</p>
          <button type="button" ref={opener} class="danger" onClick={() => setAsking(true)}>
            {t('lockdownOpen')}
          </button>
        </div>
      )}
      {asking && connection !== undefined && (
        <LockdownDialog
          baseUrl={connection?.baseUrl ?? ''}
          withToken={Boolean(connection?.token)}
          accountName={connection?.token ? connection.accountName : undefined}
          count={count}
          onConfirm={(keep) => {
            close(true);
            void lockdown.start(keep);
          }}
          onCancel={() => close(false)}
        />
      )}
    </section>
  );
}

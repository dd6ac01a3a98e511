import { explainAirportError, secondaryKeyNotice } from '@/lib/wait-times/explain';
import { stockholmTimeText } from '@/lib/wait-times/format';
import { t } from '@/lib/i18n';
import type { RefreshState } from '@/lib/wait-times/refresh';
import { PanelNote } from './PanelNote';
import type { BoardProblem } from './useWaitBoard';

export interface BoardProblemNoteProps {
  problem: BoardProblem;
  /** e.g. `Malmö Airport (MMX)`. */
  airportTitle: string;
  refresh: RefreshState;
  /** When the board still shown below was received (epoch ms), or null when none is shown. */
  oldDataFrom: number | null;
  now: number;
  locale?: string;
  /** The browser's time zone, only to pin it in tests. */
  localZone?: string;
}

/**
 * Why there are no fresh wait times, and what happens next: an airport without published data
 * is a calm state; a bad key points to the options; quota and rate limits say when automatic
 * refresh resumes; passing failures say that older data is shown and when it tries again.
 */
export function BoardProblemNote({ problem, airportTitle, refresh, oldDataFrom, now, locale, localZone }: BoardProblemNoteProps) {
  if (problem.kind === 'not-configured') return <PanelNote tone="warn" message={t('airportErrorMissingKey')} openOptions />;
  if (problem.kind === 'no-access') return <PanelNote tone="warn" message={t('sidepanelNoAccess', problem.host)} openOptions />;
  const { error } = problem;
  if (error.kind === 'unsupported-airport') {
    return (
      <PanelNote tone="info" message={t('sidepanelUnsupported', airportTitle)}>
        <p class="hint">{t('sidepanelUnsupportedHint')}</p>
      </PanelNote>
    );
  }
  const explanation = explainAirportError(error);
  const at = (ms: number) => stockholmTimeText(ms, now, locale, localZone);
  const paused = refresh.pausedUntil !== null && refresh.pausedUntil > now;
  return (
    <PanelNote tone={explanation.tone} message={explanation.message} openOptions={explanation.next === 'open-options'}>
      {oldDataFrom !== null && <p>{t('sidepanelShowingOldData', at(oldDataFrom))}</p>}
      {paused && <p>{t('sidepanelPausedUntil', at(refresh.pausedUntil!))}</p>}
      {!paused && explanation.next === 'retry' && refresh.nextAt !== null && <p>{t('sidepanelRetryAt', at(refresh.nextAt))}</p>}
    </PanelNote>
  );
}

/** The primary key was refused and the secondary one answered: the person should renew the primary one. */
export function SecondaryKeyNote() {
  return <PanelNote tone="warn" message={secondaryKeyNotice()} openOptions />;
}

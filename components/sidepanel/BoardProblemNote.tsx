import { t } from '@/lib/i18n';
import { hostOf } from '@/lib/url';
import { explainAirportError, secondaryKeyNotice } from '@/lib/wait-times/explain';
import { airportTimeText } from '@/lib/wait-times/format';
import type { RefreshState } from '@/lib/wait-times/refresh';
import { sourceName } from '@/lib/wait-times/source-words';
import { PanelNote } from './PanelNote';
import type { BoardProblem } from './useWaitBoard';

export interface BoardProblemNoteProps {
  problem: BoardProblem;
  /** e.g. `Malmö Airport (MMX)`. */
  airportTitle: string;
  /** The airport's zone: the times said here are on its clock. */
  timeZone: string;
  refresh: RefreshState;
  /** When the board still shown below was received (epoch ms), or null when none is shown. */
  oldDataFrom: number | null;
  now: number;
  locale?: string;
  /** The browser's time zone, only to pin it in tests. */
  localZone?: string;
  /** The "Allow" button of a feed's host access: the browser's prompt, so it runs in the click. */
  onAllow: () => void;
}

/**
 * Why there are no fresh wait times, and what happens next: an airport without public wait times,
 * or without data, is a calm state; a feed's host not granted yet says why before the browser asks,
 * and a refusal is remembered and explained; a bad key points to the options; quota and rate limits
 * say when automatic refresh resumes; passing failures say that older data is shown and when it
 * tries again.
 */
export function BoardProblemNote({
  problem,
  airportTitle,
  timeZone,
  refresh,
  oldDataFrom,
  now,
  locale,
  localZone,
  onAllow,
}: BoardProblemNoteProps) {
  if (problem.kind === 'no-source') return <PanelNote tone="info" message={noSourceText(problem.reason, airportTitle)} />;
  if (problem.kind === 'no-access') return <PanelNote tone="warn" message={t('sidepanelNoAccess', problem.host)} openOptions />;
  if (problem.kind === 'needs-access') {
    const host = hostOf(problem.origin);
    const message =
      problem.refusedAt === null
        ? t('sidepanelAccessWhy', airportTitle, sourceName(problem.source), host)
        : t('sidepanelAccessRefused', host, airportTitle);
    return (
      <PanelNote tone={problem.refusedAt === null ? 'info' : 'warn'} message={message}>
        <button type="button" class="primary" onClick={onAllow}>
          {t('sidepanelAccessAllow', host)}
        </button>
      </PanelNote>
    );
  }
  const { error } = problem;
  if (error.kind === 'unsupported-airport') {
    return (
      <PanelNote tone="info" message={t('sidepanelUnsupported', airportTitle)}>
        <p class="hint">{t('sidepanelUnsupportedHint')}</p>
      </PanelNote>
    );
  }
  const explanation = explainAirportError(error, sourceName(problem.source));
  const at = (ms: number) => airportTimeText(ms, now, timeZone, locale, localZone);
  const paused = refresh.pausedUntil !== null && refresh.pausedUntil > now;
  return (
    <PanelNote tone={explanation.tone} message={explanation.message} openOptions={explanation.next === 'open-options'}>
      {oldDataFrom !== null && <p>{t('sidepanelShowingOldData', at(oldDataFrom))}</p>}
      {paused && <p>{t('sidepanelPausedUntil', at(refresh.pausedUntil!))}</p>}
      {!paused && explanation.next === 'retry' && refresh.nextAt !== null && <p>{t('sidepanelRetryAt', at(refresh.nextAt))}</p>}
    </PanelNote>
  );
}

function noSourceText(reason: Extract<BoardProblem, { kind: 'no-source' }>['reason'], airport: string): string {
  switch (reason) {
    case 'unpublished':
      return t('sidepanelNoSourceUnpublished', airport);
    case 'origin-locked':
      return t('sidepanelNoSourceOriginLocked', airport);
    case 'blocked':
      return t('sidepanelNoSourceBlocked', airport);
    case 'unknown':
      return t('sidepanelNoSourceUnknown', airport);
  }
}

/** The primary key was refused and the secondary one answered: the person should renew the primary one. */
export function SecondaryKeyNote() {
  return <PanelNote tone="warn" message={secondaryKeyNotice()} openOptions />;
}

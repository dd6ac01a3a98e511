import { countMessage, t } from '@/lib/i18n';
import { stateTime } from '@/lib/history/push-state';
import { isSettled, type ListFailure, type LockdownReport as Report, type TokenStep as Step, type WipeOutcome } from '@/lib/lockdown/state';
import { serverText } from '@/lib/short-text';
import { formatCount } from './format-count';
import { NotDoneList, reasonText } from './NotDoneList';
import { TokenStep } from './TokenStep';

interface LockdownReportProps {
  report: Report;
  baseUrl: string;
  host: string;
  /** The commercial edition's account it expired pushes in. */
  accountName?: string;
  onTokenAnswer(answer: Exclude<Step, 'pending'>): void;
  onClose(): void;
}

/** The heading of the report: not "finished" while the token step waits for the person. */
export function reportTitle(report: Report): string {
  return isSettled(report) ? t('lockdownDoneTitle', stateTime(report.finishedAt)) : t('lockdownOneStepLeft');
}

/** The end of a lockdown: what was done, each thing that could not be with why, and the token's step. */
export function LockdownReport({ report, baseUrl, host, accountName, onTokenAnswer, onClose }: LockdownReportProps) {
  const problems = wipeProblems(report.wipe);
  const own = report.ownExpired + report.ownGone;
  return (
    <div class="lockdown-report">
      <h3 tabIndex={-1}>{reportTitle(report)}</h3>
      {report.withToken ? (
        <p>
          {counted(report.expired, 'lockdownReportExpiredOne', 'lockdownReportExpired', host)}
          {report.gone > 0 && ` ${counted(report.gone, 'lockdownReportGoneOne', 'lockdownReportGone')}`}
          {accountName !== undefined && ` ${t('lockdownReportInAccount', serverText(accountName))}`}
          {report.madeDuring > 0 && ` ${counted(report.madeDuring, 'lockdownReportMadeDuringOne', 'lockdownReportMadeDuring')}`}
        </p>
      ) : (
        <p class="note warn">{t('lockdownReportNoToken')}</p>
      )}
      {report.stillAppearing && <p class="note error">{t('lockdownReportStillAppearing', host)}</p>}
      {own > 0 && (
        <p>
          {counted(report.ownExpired, 'lockdownReportOwnExpiredOne', 'lockdownReportOwnExpired')}
          {report.ownGone > 0 && ` ${counted(report.ownGone, 'lockdownReportOwnGoneOne', 'lockdownReportOwnGone')}`}
        </p>
      )}
      {report.listFailure && <p class="note error">{listFailureText(report.listFailure)}</p>}
      {report.notDone.length > 0 && (
        <>
          <p class="note error">{counted(report.notDone.length, 'lockdownReportNotDoneOne', 'lockdownReportNotDone')}</p>
          <NotDoneList pushes={report.notDone} host={host} />
        </>
      )}
      <ul class="lockdown-wiped">
        {wipeLines(report.wipe).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {problems.map((line) => (
        <p key={line} class="note error">
          {line}
        </p>
      ))}
      {report.token && <TokenStep step={report.token} baseUrl={baseUrl} host={host} listedAt={report.listedAt} onAnswer={onTokenAnswer} />}
      {isSettled(report) && (
        <button type="button" onClick={onClose}>
          {t('lockdownCloseReport')}
        </button>
      )}
    </div>
  );
}

/** A count in the page's number format, in its language's singular or plural message. */
function counted(count: number, one: string, other: string, ...more: string[]): string {
  return t(countMessage(count, one, other), formatCount(count), ...more);
}

function listFailureText(failure: ListFailure): string {
  const why =
    failure.reason === 'refused'
      ? t('lockdownReasonRefused', String(failure.status ?? 401))
      : reasonText({ kind: 'failed', reason: failure.reason, status: failure.status });
  return t('lockdownReportListFailed', formatCount(failure.page), why);
}

function wipeLines(wipe: WipeOutcome | undefined): string[] {
  if (!wipe) return [];
  const lines: string[] = [];
  if (wipe.history) lines.push(t('lockdownReportHistoryForgotten'));
  if (import.meta.env.PUSHGATE_AIRPORT && wipe.airports) lines.push(t('lockdownReportAirportsForgotten'));
  if (wipe.token === 'forgotten') lines.push(t('lockdownReportTokenForgotten'));
  if (wipe.token === 'session') lines.push(t('lockdownReportTokenSession'));
  if (wipe.clipboard === 'emptied') lines.push(t('lockdownReportClipboardEmptied'));
  return lines;
}

function wipeProblems(wipe: WipeOutcome | undefined): string[] {
  if (!wipe) return [];
  const lines: string[] = [];
  if (!wipe.history) lines.push(t('lockdownReportHistoryFailed'));
  if (import.meta.env.PUSHGATE_AIRPORT && wipe.airports === false) lines.push(t('lockdownReportAirportsFailed'));
  if (wipe.token === 'failed') lines.push(t('lockdownReportTokenFailed'));
  if (wipe.clipboard === 'failed') lines.push(t('lockdownReportClipboardFailed'));
  if (wipe.compacted === false) lines.push(t('lockdownReportCompactFailed'));
  return lines;
}

import { countMessage, t } from '@/lib/i18n';
import { stateTime } from '@/lib/history/push-state';
import type { ListFailure, LockdownReport as Report, PushOutcome, ReportedPush, WipeOutcome } from '@/lib/lockdown/state';
import { ServerText } from '../ServerText';
import { serverText } from '@/lib/short-text';
import { formatCount } from './format-count';

interface LockdownReportProps {
  report: Report;
  host: string;
  /** The commercial edition's account it expired pushes in. */
  accountName?: string;
  onClose(): void;
}

/** The end of a lockdown: what was done, and each thing that could not be, with why. */
export function LockdownReport({ report, host, accountName, onClose }: LockdownReportProps) {
  const problems = wipeProblems(report.wipe);
  return (
    <div class="lockdown-report">
      <h3 tabIndex={-1}>{t('lockdownDoneTitle', stateTime(report.finishedAt))}</h3>
      {report.withToken ? (
        <p>
          {counted(report.expired, 'lockdownReportExpiredOne', 'lockdownReportExpired', host)}
          {report.gone > 0 && ` ${counted(report.gone, 'lockdownReportGoneOne', 'lockdownReportGone')}`}
          {accountName !== undefined && ` ${t('lockdownReportInAccount', serverText(accountName))}`}
        </p>
      ) : (
        <p class="note warn">{t('lockdownReportNoToken')}</p>
      )}
      {report.listFailure && <p class="note error">{listFailureText(report.listFailure)}</p>}
      {report.notDone.length > 0 && (
        <>
          <p class="note error">{counted(report.notDone.length, 'lockdownReportNotDoneOne', 'lockdownReportNotDone')}</p>
          <ul class="lockdown-not-done">
            {report.notDone.map((push, index) => (
              <NotDone key={index} push={push} />
            ))}
          </ul>
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
      <button type="button" onClick={onClose}>
        {t('lockdownCloseReport')}
      </button>
    </div>
  );
}

/** A count in the page's number format, in its language's singular or plural message. */
function counted(count: number, one: string, other: string, ...more: string[]): string {
  return t(countMessage(count, one, other), formatCount(count), ...more);
}

function NotDone({ push }: { push: ReportedPush }) {
  const made = stateTime(Date.parse(push.createdAt));
  return (
    <li>
      {push.name ? <ServerText text={push.name} class="push-name" /> : t('lockdownUnnamedPush')}
      {made && ` (${t('lockdownMadeAt', made)})`}: {reasonText(push.outcome)}
      {push.outcome.kind === 'refused' && push.outcome.serverMessage && (
        <>
          {' '}
          <ServerText text={push.outcome.serverMessage} class="server-text" />
        </>
      )}
    </li>
  );
}

function reasonText(outcome: Exclude<PushOutcome, { kind: 'expired' } | { kind: 'gone' }>): string {
  if (outcome.kind === 'refused') return t('lockdownReasonRefused', String(outcome.status));
  switch (outcome.reason) {
    case 'server':
      return t('lockdownReasonServer', String(outcome.status ?? 500));
    case 'network':
    case 'timeout':
      return t('lockdownReasonNoAnswer');
    case 'throttled':
      return t('lockdownReasonThrottled');
    case 'no-token':
      return t('lockdownReasonNoToken');
    default:
      return t('lockdownReasonUnconfirmed');
  }
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
  if (wipe.airports) lines.push(t('lockdownReportAirportsForgotten'));
  if (wipe.token === 'forgotten') lines.push(t('lockdownReportTokenForgotten'));
  if (wipe.token === 'session') lines.push(t('lockdownReportTokenSession'));
  if (wipe.clipboard === 'cleared') lines.push(t('lockdownReportClipboardCleared'));
  return lines;
}

function wipeProblems(wipe: WipeOutcome | undefined): string[] {
  if (!wipe) return [];
  const lines: string[] = [];
  if (!wipe.history) lines.push(t('lockdownReportHistoryFailed'));
  if (!wipe.airports) lines.push(t('lockdownReportAirportsFailed'));
  if (wipe.token === 'failed') lines.push(t('lockdownReportTokenFailed'));
  if (wipe.clipboard === 'failed') lines.push(t('lockdownReportClipboardFailed'));
  return lines;
}

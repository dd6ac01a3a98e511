import { t } from '@/lib/i18n';
import { stateTime } from '@/lib/history/push-state';
import type { NotDoneOutcome, ReportedPush } from '@/lib/lockdown/state';
import { ServerText } from '../ServerText';
import { formatCount } from './format-count';

/** Each push a lockdown could not expire, by its name and creation time, with why and what is left to do. */
export function NotDoneList({ pushes, host }: { pushes: ReportedPush[]; host: string }) {
  return (
    <ul class="lockdown-not-done">
      {pushes.map((push, index) => (
        <NotDone key={index} push={push} host={host} />
      ))}
    </ul>
  );
}

function NotDone({ push, host }: { push: ReportedPush; host: string }) {
  const made = stateTime(Date.parse(push.createdAt));
  const when = [made && t('lockdownMadeAt', made), push.madeDuring && t('lockdownMadeDuring')].filter(Boolean).join(', ');
  return (
    <li>
      {push.name ? <ServerText text={push.name} class="push-name" /> : t('lockdownUnnamedPush')}
      {when && ` (${when})`}: {reasonText(push.outcome)}
      {push.outcome.kind === 'refused' && push.outcome.serverMessage && (
        <>
          {' '}
          <ServerText text={push.outcome.serverMessage} class="server-text" />
        </>
      )}
      {push.source === 'own' && push.outcome.kind === 'refused' && <> {ownAdvice(push, host)}</>}
    </li>
  );
}

/** A push of this browser's that its link cannot expire: it stays open until its days or views run out. */
function ownAdvice(push: ReportedPush, host: string): string {
  const ends = push.endsAt ? stateTime(Date.parse(push.endsAt)) : '';
  const until =
    ends && push.viewsLeft !== undefined
      ? t('lockdownOwnOpenUntil', ends, formatCount(push.viewsLeft))
      : ends
        ? t('lockdownOwnOpenUntilDate', ends)
        : '';
  return [until, t('lockdownOwnAskAdmin', host)].filter(Boolean).join(' ');
}

export function reasonText(outcome: NotDoneOutcome): string {
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

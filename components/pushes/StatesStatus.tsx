import { countMessage, displayLocale, t } from '@/lib/i18n';
import { stateTime } from '@/lib/history/push-state';
import { JobFailureNote } from './PauseNote';
import type { RefreshStatus } from './useStateRefresh';

/**
 * What the opening's state check did: when, and how many pushes it did not reach this time (the
 * next openings go on: lib/push-lists/state-refresh.ts), with the failure that stopped it early.
 */
export function StatesStatus({ refresh }: { refresh: RefreshStatus }) {
  return (
    <>
      <p role="status" class="hint states-status">
        {refresh.name === 'checking' && t('pushesCheckingStates')}
        {refresh.name === 'checked' && checkedText(refresh.at, refresh.notReached, refresh.failure !== undefined)}
      </p>
      {refresh.name === 'checked' && refresh.failure && <JobFailureNote explanation={refresh.failure} />}
    </>
  );
}

function checkedText(at: number, notReached: number, failed: boolean): string {
  const parts = failed ? [] : [t('pushesStatesChecked', stateTime(at))];
  if (notReached > 0) {
    const count = new Intl.NumberFormat(displayLocale()).format(notReached);
    parts.push(t(countMessage(notReached, 'pushesStatesNotReachedOne', 'pushesStatesNotReached'), count));
  }
  return parts.join(' ');
}

import { MONTHLY_CALL_QUOTA } from '@/lib/wait-times/usage';
import { countMessage, t } from '@/lib/i18n';
import { countText } from './time';
import { useCallsThisMonth } from './useCallsThisMonth';

/**
 * From three quarters of the free quota on, the counter is shown as a warning
 * (docs/airport-api.md#quota).
 */
const WARN_FROM = 0.75 * MONTHLY_CALL_QUOTA;

/** "42 API calls this month (free quota about 10,000)". `initialCalls`: the count already read, if any. */
export function CallsCounter({ locale, initialCalls }: { locale?: string; initialCalls?: number }) {
  const calls = useCallsThisMonth(initialCalls);
  return (
    <p class={`calls${calls >= WARN_FROM ? ' near-quota' : ''}`}>
      {t(countMessage(calls, 'sidepanelOneCall', 'sidepanelCalls'), countText(calls, locale), countText(MONTHLY_CALL_QUOTA, locale))}
    </p>
  );
}

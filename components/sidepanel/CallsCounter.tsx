import type { SourceId } from '@/lib/airport/airport-board';
import { countMessage, t } from '@/lib/i18n';
import type { PanelCalls } from '@/lib/wait-times/panel-settings';
import { sourceName } from '@/lib/wait-times/source-words';
import { MONTHLY_CALL_QUOTA } from '@/lib/wait-times/usage';
import { countText } from './time';
import { useCallsThisMonth } from './useCallsThisMonth';

/**
 * From three quarters of the free quota on, the counter is shown as a warning
 * (docs/airport-api.md#quota).
 */
const WARN_FROM = 0.75 * MONTHLY_CALL_QUOTA;

/**
 * The requests this month to the source of the board shown: "42 API calls this month (free quota
 * about 10,000)" for Swedavia's API, "12 requests to Copenhagen Airport's website this month" for a
 * feed. `initialCalls`: the counts already read, if any.
 */
export function CallsCounter({ source, locale, initialCalls }: { source: SourceId; locale?: string; initialCalls?: PanelCalls }) {
  const calls = useCallsThisMonth(initialCalls);
  if (source !== 'swedavia-api') {
    const count = calls.feeds[source] ?? 0;
    return (
      <p class="calls">
        {t(countMessage(count, 'sidepanelFeedOneCall', 'sidepanelFeedCalls'), countText(count, locale), sourceName(source))}
      </p>
    );
  }
  return (
    <p class={`calls${calls.api >= WARN_FROM ? ' near-quota' : ''}`}>
      {t(
        countMessage(calls.api, 'sidepanelOneCall', 'sidepanelCalls'),
        countText(calls.api, locale),
        countText(MONTHLY_CALL_QUOTA, locale),
      )}
    </p>
  );
}

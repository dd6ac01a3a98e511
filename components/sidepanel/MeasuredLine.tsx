import { t } from '@/lib/i18n';
import { type BoardTime, measuredText } from '@/lib/wait-times/format';

export interface MeasuredLineProps {
  /** The board's time (or the flight's when there is no board), on the airport's clock. */
  time: BoardTime | null;
  /** My flight's checkpoints, asked for separately: a line of their own only when their measurement reads otherwise. */
  flight?: { flight: string; time: BoardTime; stale: boolean } | null;
  /** Out of date: by age, or because the last refresh failed (`failed`). */
  stale: boolean;
  failed: boolean;
  now: number;
  locale?: string;
  /** The browser's time zone, only to pin it in tests. */
  localZone?: string;
}

/**
 * The one "Measured 15:27 (3 min ago)" line for everything shown below it (My flight's box and the
 * board), with the one "Out of date" badge: the flight and the board usually come from one refresh
 * and one snapshot, and two lines saying the same thing read as two different ages.
 */
export function MeasuredLine({ time, flight, stale, failed, now, locale, localZone }: MeasuredLineProps) {
  const when = time ? measuredText(time, now, locale, localZone, failed) : '';
  const flightWhen = flight ? measuredText(flight.time, now, locale, localZone, failed) : '';
  if (!when && !flightWhen) return stale ? <StaleBadgeLine /> : null;
  return (
    <>
      {when && (
        <p class="measured">
          <span>{when}</span>
          {stale && <span class="badge stale">{t('sidepanelStale')}</span>}
        </p>
      )}
      {flight && flightWhen && flightWhen !== when && (
        <p class="measured">
          <span>{t('sidepanelFlightMeasured', flight.flight, flightWhen)}</span>
          {flight.stale && !stale && <span class="badge stale">{t('sidepanelStale')}</span>}
        </p>
      )}
    </>
  );
}

function StaleBadgeLine() {
  return (
    <p class="measured">
      <span class="badge stale">{t('sidepanelStale')}</span>
    </p>
  );
}

import { useRef, useState } from 'preact/hooks';
import type { SourceId, Wait } from '@/lib/airport/airport-board';
import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { airportTimeText } from '@/lib/wait-times/format';
import type { AddAnswer, WatchRequest } from '@/lib/watches/messages';
import { CHECK_EVERY_MS, endsAtFor } from '@/lib/watches/plan';
import type { Watch, WatchTarget } from '@/lib/watches/types';
import { ruleText } from '@/lib/watches/words';
import { WatchForm } from './WatchForm';

export interface WatchControlsProps {
  /** Unique among the panel's watch controls: the form's ids start with it. */
  id: string;
  /** What the watch is on, in words, for the names of the buttons: "Terminal 2", "the queue for SK1415". */
  name: string;
  iata: string;
  source: SourceId;
  timeZone: string;
  target: WatchTarget;
  current: Wait | null;
  /** The watches running on this checkpoint or flight. */
  running: readonly Watch[];
  /** Every running watch: those on this airport share its checks. */
  all: readonly Watch[];
  now: number;
  /** When the board shown was fetched: younger than five minutes, it answers the first check. */
  fetchedAt: number | null;
  /** My flight's departure, which ends its watch. */
  departure: number | null;
  apiCalls: number;
  locale?: string;
  onAdd: (request: WatchRequest) => Promise<AddAnswer>;
  onStop: (id: string) => void;
}

/**
 * Beside a checkpoint (or My flight): what it is watched for, with Stop, and a "Watch…" button that
 * opens the form. Choosing or cancelling puts the focus back on that button.
 */
export function WatchControls(props: WatchControlsProps) {
  const { id, name, iata, running, all, now, fetchedAt, departure, timeZone, locale, onStop } = props;
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const sameAirport = all.filter((watch) => watch.iata === iata && (watch.target.kind === 'flight') === (props.target.kind === 'flight'));
  const coveredUntil = sameAirport.length > 0 ? Math.max(...sameAirport.map((watch) => watch.endsAt)) : null;
  const isolated = serverText(name);
  return (
    <div class="watch-controls">
      {running.map((watch) => (
        <p class="watching" key={watch.id}>
          <span>{t('sidepanelWatching', ruleText(watch.rule), airportTimeText(watch.endsAt, now, timeZone, locale))}</span>{' '}
          <button type="button" class="link-button" aria-label={t('sidepanelWatchStopLabel', isolated)} onClick={() => onStop(watch.id)}>
            {t('sidepanelWatchStop')}
          </button>
        </p>
      ))}
      <button
        ref={toggle}
        type="button"
        class="watch-toggle link-button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        aria-label={t('sidepanelWatchLabel', isolated)}
        onClick={() => setOpen(!open)}
      >
        {t('sidepanelWatchButton')}
      </button>
      <div id={`${id}-form`} hidden={!open}>
        {open && (
          <WatchForm
            {...props}
            label={t('sidepanelWatchLabel', isolated)}
            endsAt={endsAtFor(now, departure)}
            boardFresh={fetchedAt !== null && now - fetchedAt < CHECK_EVERY_MS}
            coveredUntil={coveredUntil}
            onSubmit={props.onAdd}
            onDone={close}
          />
        )}
      </div>
    </div>
  );
}

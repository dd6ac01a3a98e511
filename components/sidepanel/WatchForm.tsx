import { useState } from 'preact/hooks';
import type { SourceId, Wait } from '@/lib/airport/airport-board';
import { t } from '@/lib/i18n';
import { waitText } from '@/lib/wait-times/format';
import { WATCH_MINUTES } from '@/lib/watches/accept';
import type { AddAnswer, WatchRequest } from '@/lib/watches/messages';
import { certainlyOver, certainlyUnder } from '@/lib/watches/rule';
import type { WatchRule, WatchTarget } from '@/lib/watches/types';
import { announce } from './PanelAnnouncer';
import { watchCost } from './watch-cost';

export interface WatchFormProps {
  /** Prefix of the form's element ids: one form per row. */
  id: string;
  /** The form's name: "Watch Terminal 2". */
  label: string;
  iata: string;
  source: SourceId;
  timeZone: string;
  target: WatchTarget;
  /** The wait shown now: a threshold it already passes is said, not set. */
  current: Wait | null;
  now: number;
  /** When it would end: six hours on, or the flight's departure. */
  endsAt: number;
  boardFresh: boolean;
  coveredUntil: number | null;
  apiCalls: number;
  locale?: string;
  onSubmit: (request: WatchRequest) => Promise<AddAnswer>;
  /** Set or cancelled: the caller closes the form. */
  onDone: () => void;
}

const FAILURE_KEYS: Record<Exclude<AddAnswer, { ok: true }>['reason'], string> = {
  invalid: 'sidepanelWatchFailed',
  'too-many': 'sidepanelWatchFailedTooMany',
  'no-access': 'sidepanelWatchFailedNoAccess',
  'no-source': 'sidepanelWatchFailedNoAccess',
  'flight-left': 'sidepanelWatchFailedFlightLeft',
};

type Kind = WatchRule['kind'];

/**
 * "Tell me when it is under 10 min": the rule, the minutes, and before anything is set, what the
 * watch will cost (./watch-cost.ts). For My flight also "if I must leave earlier".
 */
export function WatchForm(props: WatchFormProps) {
  const { id, label, iata, target, current, onSubmit, onDone } = props;
  const flight = target.kind === 'flight';
  const [kind, setKind] = useState<Kind>(flight ? 'leave-earlier' : 'under');
  const [minutesText, setMinutesText] = useState('10');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const minutes = Number(minutesText);
  const minutesOk = Number.isInteger(minutes) && minutes >= WATCH_MINUTES.min && minutes <= WATCH_MINUTES.max;
  const cost = watchCost(props);
  const already =
    kind !== 'leave-earlier' &&
    minutesOk &&
    current &&
    (kind === 'under' ? certainlyUnder(current, minutes) : certainlyOver(current, minutes))
      ? t(kind === 'under' ? 'sidepanelWatchAlreadyUnder' : 'sidepanelWatchAlreadyOver', minutes, waitText(current))
      : null;

  async function submit(event: Event) {
    event.preventDefault();
    if (kind !== 'leave-earlier' && !minutesOk) return setProblem(t('sidepanelWatchMinutesRange', WATCH_MINUTES.min, WATCH_MINUTES.max));
    if (already || cost.blocked || sending) return;
    const rule: WatchRule = kind === 'leave-earlier' ? { kind } : { kind, minutes };
    setSending(true);
    const answer = await onSubmit({ iata, target, rule });
    setSending(false);
    if (!answer.ok) return setProblem(t(FAILURE_KEYS[answer.reason]));
    setProblem(null);
    announce(t('sidepanelWatchSet'));
    onDone();
  }

  const minutesId = `${id}-minutes`;
  const hintId = `${id}-cost`;
  return (
    <form class="watch-form" aria-label={label} noValidate onSubmit={(event) => void submit(event)}>
      <fieldset>
        <legend>{t('sidepanelWatchWhen')}</legend>
        {flight && <Choice id={id} value="leave-earlier" current={kind} onChoose={setKind} label={t('sidepanelWatchChoiceLeave')} />}
        <Choice id={id} value="under" current={kind} onChoose={setKind} label={t('sidepanelWatchChoiceUnder')} />
        <Choice id={id} value="over" current={kind} onChoose={setKind} label={t('sidepanelWatchChoiceOver')} />
      </fieldset>
      {kind !== 'leave-earlier' && (
        <div class="watch-minutes">
          <label for={minutesId}>{t('sidepanelWatchMinutes')}</label>
          <input
            id={minutesId}
            type="number"
            inputMode="numeric"
            min={WATCH_MINUTES.min}
            max={WATCH_MINUTES.max}
            value={minutesText}
            aria-invalid={problem && !minutesOk ? 'true' : undefined}
            aria-describedby={hintId}
            onInput={(event) => setMinutesText(event.currentTarget.value)}
          />
        </div>
      )}
      <div id={hintId} class="watch-cost">
        {cost.lines.map((line) => (
          <p class="hint" key={line}>
            {line}
          </p>
        ))}
        {already && <p class="note info">{already}</p>}
      </div>
      {problem && (
        <p class="field-error" role="alert">
          {problem}
        </p>
      )}
      <div class="watch-actions">
        <button type="submit" disabled={Boolean(already) || cost.blocked || sending}>
          {t('sidepanelWatchSubmit')}
        </button>
        <button type="button" onClick={onDone}>
          {t('sidepanelWatchCancel')}
        </button>
      </div>
    </form>
  );
}

function Choice({
  id,
  value,
  current,
  label,
  onChoose,
}: {
  id: string;
  value: Kind;
  current: Kind;
  label: string;
  onChoose: (kind: Kind) => void;
}) {
  const inputId = `${id}-${value}`;
  return (
    <div class="watch-choice">
      <input id={inputId} type="radio" name={`${id}-rule`} value={value} checked={current === value} onChange={() => onChoose(value)} />
      <label for={inputId}>{label}</label>
    </div>
  );
}

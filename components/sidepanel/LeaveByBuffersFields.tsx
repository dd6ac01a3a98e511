import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { type LeaveByBuffers, leaveByBuffers } from '@/lib/settings/airport';

/** A day's worth: a larger figure is a typo, not a journey to the airport. */
const MAX_MINUTES = 600;

type Field = keyof LeaveByBuffers;
const FIELDS: ReadonlyArray<{ key: Field; id: string; label: string }> = [
  { key: 'toAirportMinutes', id: 'leave-by-to-airport', label: 'sidepanelLeaveByToAirport' },
  { key: 'toGateMinutes', id: 'leave-by-to-gate', label: 'sidepanelLeaveByToGate' },
];

const minutesOf = (text: string): number | null => {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= MAX_MINUTES ? value : null;
};

/**
 * The person's own times for "leave by", remembered for every flight (`leaveByBuffers`): the one
 * place to change them, beside the result they change. Each is saved when the field is left.
 */
export function LeaveByBuffersFields({ buffers }: { buffers: LeaveByBuffers }) {
  const [text, setText] = useState<Record<Field, string>>(() => textOf(buffers));
  const [invalid, setInvalid] = useState<Field | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the stored minutes, not each new object with the same ones (the panel's settings make one per change of any setting)
  useEffect(() => {
    setText(textOf(buffers));
    setInvalid(null);
  }, [buffers.toAirportMinutes, buffers.toGateMinutes]);

  function save(key: Field) {
    const value = minutesOf(text[key]);
    if (value === null) return setInvalid(key);
    setInvalid(null);
    if (value !== buffers[key]) void leaveByBuffers.setValue({ ...buffers, [key]: value });
  }

  return (
    <details class="leave-by-buffers">
      <summary>{t('sidepanelLeaveByBuffers')}</summary>
      <div class="flight-row">
        {FIELDS.map(({ key, id, label }) => (
          <div class="flight-field" key={key}>
            <label for={id}>{t(label)}</label>
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_MINUTES}
              step={5}
              value={text[key]}
              aria-invalid={invalid === key ? 'true' : undefined}
              aria-describedby={invalid === key ? 'leave-by-buffer-error' : undefined}
              onInput={(event) => setText((before) => ({ ...before, [key]: event.currentTarget.value }))}
              onChange={() => save(key)}
            />
          </div>
        ))}
      </div>
      {invalid && (
        <p id="leave-by-buffer-error" class="field-error" role="alert">
          {t('sidepanelLeaveByBufferInvalid', MAX_MINUTES)}
        </p>
      )}
    </details>
  );
}

function textOf(buffers: LeaveByBuffers): Record<Field, string> {
  return { toAirportMinutes: String(buffers.toAirportMinutes), toGateMinutes: String(buffers.toGateMinutes) };
}

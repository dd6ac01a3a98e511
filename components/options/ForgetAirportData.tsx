import { useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { forgetAirportData } from '@/lib/wait-times/forget';
import type { Feedback } from './check-feedback';
import { QUIET } from './check-feedback';
import { SaveFeedback } from './SaveFeedback';

/**
 * "Forget airport data": what this browser learnt of the person's travels (lib/wait-times/forget.ts),
 * at once, not with Save, after one confirmation in the page. Settings stay.
 */
export function ForgetAirportData() {
  const [asking, setAsking] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(QUIET);
  const start = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);

  function ask() {
    setFeedback(QUIET);
    setAsking(true);
    // The question replaces the button: the focus goes to its answer.
    requestAnimationFrame(() => confirm.current?.focus());
  }

  async function forget() {
    const done = await forgetAirportData();
    setAsking(false);
    setFeedback(done ? { status: [t('optionsForgetAirportDone')], alert: [] } : { status: [], alert: [t('optionsForgetAirportFailed')] });
    requestAnimationFrame(() => start.current?.focus());
  }

  return (
    <div class="field forget-airport">
      {asking ? (
        <div class="forget-airport-confirm">
          <p id="forget-airport-question">{t('optionsForgetAirportQuestion')}</p>
          <button ref={confirm} type="button" aria-describedby="forget-airport-question" onClick={() => void forget()}>
            {t('optionsForgetAirportConfirm')}
          </button>{' '}
          <button
            type="button"
            onClick={() => {
              setAsking(false);
              requestAnimationFrame(() => start.current?.focus());
            }}
          >
            {t('optionsForgetAirportCancel')}
          </button>
        </div>
      ) : (
        <button ref={start} type="button" aria-describedby="forget-airport-hint" onClick={ask}>
          {t('optionsForgetAirport')}
        </button>
      )}
      <p class="hint" id="forget-airport-hint">
        {t('optionsForgetAirportHint')}
      </p>
      <SaveFeedback feedback={feedback} class="forget-outcome" />
    </div>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { getPushDefaults, pushDefaults } from '@/lib/settings/pwpush';

type Step = 'reading' | 'already-on' | 'offered' | 'saving' | 'done' | 'failed';

/**
 * Shown under a view a link preview or mail scanner made: one click makes the retrieval step a
 * default for new pushes, so the machine that opens the link next loads only the page that asks for
 * the click to reveal (docs/password-pusher.md#secret-url). Absent while the defaults are read, and
 * when the retrieval step already is one.
 */
export function RetrievalStepSuggestion() {
  const [step, setStep] = useState<Step>('reading');

  useEffect(() => {
    let shown = true;
    getPushDefaults().then(
      (defaults) => shown && setStep(defaults.retrievalStep ? 'already-on' : 'offered'),
      () => shown && setStep('offered'),
    );
    return () => {
      shown = false;
    };
  }, []);

  async function turnOn() {
    setStep('saving');
    try {
      // Read again at the click: the settings page may have changed another default meanwhile.
      const current = await getPushDefaults();
      await pushDefaults.setValue({ ...current, retrievalStep: true });
      setStep('done');
    } catch {
      setStep('failed');
    }
  }

  if (step === 'reading' || step === 'already-on') return null;
  return (
    <div class="retrieval-suggestion">
      {(step === 'offered' || step === 'saving') && (
        <>
          <p class="hint">{t('pushesRetrievalSuggestion')}</p>
          <button type="button" disabled={step === 'saving'} onClick={() => void turnOn()}>
            {t('pushesRetrievalSuggestionButton')}
          </button>
        </>
      )}
      <p role="status" class={step === 'done' ? 'note ok' : undefined}>
        {step === 'done' && t('pushesRetrievalSuggestionDone')}
      </p>
      {step === 'failed' && (
        <p role="alert" class="note error">
          {t('pushesRetrievalSuggestionFailed')}
        </p>
      )}
    </div>
  );
}

import { t } from '@/lib/i18n';
import { hostOf } from '@/lib/url';
import { StepHeading } from './StepHeading';

interface FirstPushStepProps {
  origin: string;
  focusHeading: boolean;
  onBack: () => void;
  onDone: () => void;
}

/**
 * Step 3: a first push, in Pushgate's own popup shown in the page: the form, the push through the
 * background and the link view are the ones the toolbar icon opens, so what is learnt here is what
 * pushing is from now on, and this page loads none of it itself.
 */
export function FirstPushStep({ origin, focusHeading, onBack, onDone }: FirstPushStepProps) {
  return (
    <section aria-labelledby="step-heading">
      <StepHeading step="push" text={t('welcomePushHeading')} focus={focusHeading} />
      <p>{t('welcomePushIntro', hostOf(origin))}</p>
      <iframe class="welcome-popup" src="/popup.html" title={t('welcomePopupFrame')} />
      <p>{t('welcomeFromNowOn')}</p>
      <div class="row welcome-actions">
        <button type="button" onClick={onBack}>
          {t('welcomeBack')}
        </button>
        <button type="button" class="primary" onClick={onDone}>
          {t('welcomeFinish')}
        </button>
      </div>
    </section>
  );
}

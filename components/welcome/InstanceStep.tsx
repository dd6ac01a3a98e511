import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { hasHostAccess, releaseOrigin, requestOrigin } from '@/lib/browser/permissions';
import { getToken, instanceUrl } from '@/lib/settings';
import { normalizeInstanceUrl } from '@/lib/settings/instance-url';
import { hostOf } from '@/lib/url';
import { feedbackFor, QUIET, type Feedback } from '../options/check-feedback';
import { checkInstance } from '../options/check-instance';
import { FieldNotes } from '../options/FieldNotes';
import { whileWaiting } from '../options/permission-wait';
import { SaveFeedback } from '../options/SaveFeedback';
import { UrlField } from '../options/UrlField';
import type { CheckedInstance } from '../options/useInstanceSettings';
import { instanceUrlError } from '../options/instance-form';
import { ManagedMark } from '../options/ManagedMark';
import { choiceFor, HOSTED, type Choice } from './hosted';
import { StepHeading } from './StepHeading';

interface InstanceStepProps {
  /** The organisation's instance (policy `instanceUrl`): shown, not chosen. */
  managedOrigin: string;
  storedOrigin: string;
  focusHeading: boolean;
  onDone: (instance: CheckedInstance) => void;
}

const OWN_URL_ID = 'own-instance-url';

/**
 * Step 1: where secrets go. One click on Continue asks the browser for this one origin (the store
 * build holds no host at install), keeps the instance and checks it. An organisation's instance
 * needs no choice and no typing: the same button asks for its access, named after its host.
 */
export function InstanceStep({ managedOrigin, storedOrigin, focusHeading, onDone }: InstanceStepProps) {
  const [choice, setChoice] = useState<Choice | null>(storedOrigin ? choiceFor(storedOrigin) : null);
  const [ownUrl, setOwnUrl] = useState(storedOrigin && choiceFor(storedOrigin) === 'own' ? storedOrigin : '');
  const [error, setError] = useState<{ field: 'choice' | 'url'; text: string } | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(QUIET);
  const [granted, setGranted] = useState<boolean | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (managedOrigin) void hasHostAccess(managedOrigin).then(setGranted);
  }, [managedOrigin]);

  /** The origin the form names, or why it names none. */
  function chosenOrigin(): string | null {
    if (managedOrigin) return managedOrigin;
    if (!choice) {
      setError({ field: 'choice', text: t('welcomeChooseOne') });
      return null;
    }
    if (choice !== 'own') return HOSTED.find((hosted) => hosted.id === choice)!.origin;
    const reading = normalizeInstanceUrl(ownUrl);
    if (reading.ok) return reading.origin;
    setError({ field: 'url', text: instanceUrlError(ownUrl) ?? t('optionsUrlInvalid') });
    return null;
  }

  function onSubmit(event: Event) {
    event.preventDefault();
    if (busy.current) return;
    setError(null);
    const origin = chosenOrigin();
    if (!origin) {
      document.getElementById(choice === 'own' ? OWN_URL_ID : `choice-${HOSTED[0].id}`)?.focus();
      return;
    }
    // Before any await: the browser shows its prompt only inside the click's user gesture.
    let permission: Promise<boolean>;
    try {
      permission = requestOrigin(origin);
    } catch {
      permission = Promise.reject(new Error('refused'));
    }
    busy.current = true;
    void keep(origin, permission).finally(() => {
      busy.current = false;
    });
  }

  async function keep(origin: string, permission: Promise<boolean>) {
    const host = hostOf(origin);
    let allowed: boolean;
    try {
      allowed = await whileWaiting(permission, () => setFeedback({ ...QUIET, status: [t('optionsWaitingForPermission')] }));
    } catch {
      setFeedback({ ...QUIET, alert: [t('optionsPermissionFailed', origin)] });
      return;
    }
    if (!allowed) {
      setFeedback({ ...QUIET, alert: [t('optionsPermissionDeclined', origin)] });
      return;
    }
    setGranted(true);
    if (!managedOrigin) {
      const before = await instanceUrl.getValue();
      await instanceUrl.setValue(origin);
      // The instance replaced gives back its host access, as a Save on the settings page does.
      if (before && before !== origin) await releaseOrigin(before);
    }
    setFeedback({ ...QUIET, status: [t('welcomeChecking', host)] });
    const result = await checkInstance(origin, await getToken());
    if (result.ok && result.info.features.pushesEnabled) {
      setFeedback(QUIET);
      onDone(result);
    } else {
      setFeedback(feedbackFor(result, false));
    }
  }

  const managedHost = managedOrigin ? hostOf(managedOrigin) : '';
  return (
    <section aria-labelledby="step-heading">
      <StepHeading step="instance" text={t('welcomeInstanceHeading')} focus={focusHeading} />
      <form noValidate onSubmit={onSubmit}>
        {managedOrigin ? (
          <div class="field">
            <p>{t('welcomeManagedInstance', managedHost)}</p>
            <ManagedMark id="managed-instance" />
            {granted === false && <p class="hint">{t('welcomeAccessWhy')}</p>}
          </div>
        ) : (
          <>
            <p>{t('welcomeInstanceIntro')}</p>
            <fieldset aria-describedby={error?.field === 'choice' ? 'choice-error' : undefined}>
              <legend>{t('welcomeInstanceLegend')}</legend>
              {HOSTED.map((hosted) => (
                <Option key={hosted.id} id={hosted.id} label={t(hosted.label)} hint={t(hosted.hint)} choice={choice} onChoose={setChoice} />
              ))}
              <Option id="own" label={t('welcomeChoiceOwn')} hint={t('welcomeChoiceOwnHint')} choice={choice} onChoose={setChoice} />
              {error?.field === 'choice' && <FieldNotes id="choice" error={error.text} />}
            </fieldset>
            {choice === 'own' && (
              <UrlField
                id={OWN_URL_ID}
                label={t('optionsInstanceUrl')}
                hint={t('optionsInstanceUrlHint')}
                placeholder="https://pwpush.example"
                autocomplete="url"
                value={ownUrl}
                error={error?.field === 'url' ? error.text : undefined}
                onInput={setOwnUrl}
              />
            )}
            <p class="hint">{t('welcomeAccessWhy')}</p>
          </>
        )}
        <div class="row welcome-actions">
          <button type="submit" class="primary">
            {managedOrigin && granted === false ? t('welcomeAllowAccess', managedHost) : t('welcomeContinue')}
          </button>
        </div>
        <SaveFeedback feedback={feedback} />
      </form>
    </section>
  );
}

function Option({
  id,
  label,
  hint,
  choice,
  onChoose,
}: {
  id: Choice;
  label: string;
  hint: string;
  choice: Choice | null;
  onChoose: (id: Choice) => void;
}) {
  const inputId = `choice-${id}`;
  return (
    <div class="field">
      <label class="check" for={inputId}>
        <input
          id={inputId}
          type="radio"
          name="instance-choice"
          value={id}
          checked={choice === id}
          aria-describedby={`${inputId}-hint`}
          onChange={() => onChoose(id)}
        />
        {label}
      </label>
      <FieldNotes id={inputId} hint={hint} />
    </div>
  );
}

import { useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { setToken } from '@/lib/settings';
import { hostOf } from '@/lib/url';
import { feedbackFor, QUIET, type Feedback } from '../options/check-feedback';
import { checkInstance } from '../options/check-instance';
import { CheckboxField } from '../options/CheckboxField';
import { SaveFeedback } from '../options/SaveFeedback';
import { TokenField } from '../options/TokenField';
import type { CheckedInstance } from '../options/useInstanceSettings';
import { tokenPageUrl } from '../lockdown/TokenStep';
import { StepHeading } from './StepHeading';

interface OptionalTokenStepProps {
  instance: CheckedInstance;
  focusHeading: boolean;
  onBack: () => void;
  onDone: () => void;
}

/** What an API token adds, in the order a new user meets it. */
const ADDS = [
  'welcomeTokenAddsList',
  'welcomeTokenAddsReceipts',
  'welcomeTokenAddsFiles',
  'welcomeTokenAddsEmail',
  'welcomeTokenAddsLockdown',
];

/**
 * Step 2: an API token, optional. Says what it adds, where the instance shows it, and keeps it
 * (bound to this instance's origin, lib/settings/pwpush.ts) only once the instance accepts it.
 */
export function OptionalTokenStep({ instance, focusHeading, onBack, onDone }: OptionalTokenStepProps) {
  const [token, setTokenText] = useState('');
  const [remember, setRemember] = useState(true);
  const [feedback, setFeedback] = useState<Feedback>(QUIET);
  const busy = useRef(false);
  const { origin } = instance;
  const connected = feedbackFor(instance, false).status;

  async function save(event: Event) {
    event.preventDefault();
    const typed = token.trim();
    if (busy.current) return;
    if (!typed) {
      setFeedback({ ...QUIET, alert: [t('welcomeTokenEmpty')] });
      document.getElementById('api-token')?.focus();
      return;
    }
    busy.current = true;
    setFeedback({ ...QUIET, status: [t('welcomeChecking', hostOf(origin))] });
    const result = await checkInstance(origin, typed);
    busy.current = false;
    if (result.ok && result.token.kind === 'accepted') {
      await setToken(typed, remember, origin);
      onDone();
    } else {
      setFeedback(feedbackFor(result, false));
    }
  }

  return (
    <section aria-labelledby="step-heading">
      <StepHeading step="token" text={t('welcomeTokenHeading')} focus={focusHeading} />
      <p class="note ok">{connected.join(' ')}</p>
      <p>{t('welcomeTokenIntro')}</p>
      <ul class="welcome-list">
        {ADDS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <form noValidate onSubmit={save}>
        <p class="row">
          <span class="hint">{t('welcomeTokenWhere', hostOf(origin))}</span>
          <button type="button" class="small" onClick={() => void browser.tabs.create({ url: tokenPageUrl(origin) })}>
            {t('welcomeOpenTokenPage')}
          </button>
        </p>
        <TokenField value={token} onInput={setTokenText} />
        <CheckboxField
          id="remember-token"
          label={t('optionsRememberToken')}
          hint={t('optionsRememberTokenHint')}
          checked={remember}
          onChange={setRemember}
        />
        <div class="row welcome-actions">
          <button type="button" onClick={onBack}>
            {t('welcomeBack')}
          </button>
          <button type="submit" class="primary">
            {t('welcomeSaveToken')}
          </button>
          <button type="button" onClick={onDone}>
            {t('welcomeSkipToken')}
          </button>
        </div>
        <SaveFeedback feedback={feedback} />
      </form>
    </section>
  );
}

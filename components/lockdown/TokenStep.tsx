import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { stateTime } from '@/lib/history/push-state';
import type { TokenStep as Step } from '@/lib/lockdown/state';
import { withoutTrailingSlash } from '@/lib/url';

/** Where Password Pusher makes a new token, which ends the old one (docs/password-pusher.md#auth-gate). */
export function tokenPageUrl(baseUrl: string): string {
  return `${withoutTrailingSlash(baseUrl)}/users/token`;
}

/** Opens the instance's token page in a new tab: the one place a token can be ended. */
export function TokenPageButton({ baseUrl, host }: { baseUrl: string; host: string }) {
  return (
    <button type="button" onClick={() => void browser.tabs.create({ url: tokenPageUrl(baseUrl) })}>
      {t('lockdownTokenPage', host)}
    </button>
  );
}

interface TokenStepProps {
  step: Step;
  baseUrl: string;
  host: string;
  /** When the Active list was last read: pushes made with the token after it were not seen. */
  listedAt?: number;
  onAnswer(answer: Exclude<Step, 'pending'>): void;
}

/**
 * The lockdown's last step. Password Pusher's API cannot end a token: only its web page makes a new
 * one, and until then the old one still lists the account's pushes with their passphrases, opens
 * them and pushes in the person's name. So the report says so, opens that page, and the lockdown is
 * done only once the person says they made a new token, or chose to do it later.
 */
export function TokenStep({ step, baseUrl, host, listedAt, onAnswer }: TokenStepProps) {
  if (step === 'made') return <p>{t('lockdownTokenMade', host)}</p>;
  const seen = listedAt === undefined ? '' : stateTime(listedAt);
  return (
    <div class={`lockdown-token note ${step === 'later' ? 'error' : 'warn'}`}>
      <p>
        {t('lockdownTokenStillWorks', host)}
        {seen && ` ${t('lockdownTokenSince', seen)}`}
      </p>
      <div class="row">
        <TokenPageButton baseUrl={baseUrl} host={host} />
        {step === 'pending' && (
          <>
            <button type="button" class="primary" onClick={() => onAnswer('made')}>
              {t('lockdownTokenMadeButton')}
            </button>
            <button type="button" onClick={() => onAnswer('later')}>
              {t('lockdownTokenLater')}
            </button>
          </>
        )}
        {step === 'later' && (
          <button type="button" onClick={() => onAnswer('made')}>
            {t('lockdownTokenMadeButton')}
          </button>
        )}
      </div>
    </div>
  );
}

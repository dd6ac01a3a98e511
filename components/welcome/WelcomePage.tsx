import { t } from '@/lib/i18n';
import '../options/options.css';
import './welcome.css';
import { AirportNote } from './AirportNote';
import { FirstPushStep } from './FirstPushStep';
import { InstanceStep } from './InstanceStep';
import { OptionalTokenStep } from './OptionalTokenStep';
import { useWelcome } from './useWelcome';

/**
 * The first run, opened once when Pushgate is installed: where secrets go, an optional token, a
 * first push (./useWelcome.ts); beside them, the airport wait times, which need none of it.
 */
export function WelcomePage() {
  const { start, step, instance, moved, go } = useWelcome();
  if (!start) {
    return (
      <div class="options-page welcome-page">
        <p role="status">{t('optionsLoading')}</p>
      </div>
    );
  }
  const { policy, storedOrigin } = start;
  // The steps are done: the settings page, where everything chosen here can be changed, takes over this tab.
  const finish = () => {
    window.location.hash = '';
    window.location.reload();
  };
  return (
    <div class="options-page welcome-page">
      <h1>{t('welcomeTitle')}</h1>
      <p class="first-run">{t('welcomeIntro')}</p>
      {step === 'instance' && (
        <InstanceStep
          managedOrigin={policy.instanceUrl ?? ''}
          storedOrigin={storedOrigin}
          focusHeading={moved}
          onDone={(checked) => go('token', checked)}
        />
      )}
      {step === 'token' && instance && (
        <OptionalTokenStep instance={instance} focusHeading={moved} onBack={() => go('instance')} onDone={() => go('push')} />
      )}
      {step === 'push' && instance && (
        <FirstPushStep origin={instance.origin} focusHeading={moved} onBack={() => go('token')} onDone={finish} />
      )}
      {policy.airportPanel !== false && <AirportNote />}
    </div>
  );
}

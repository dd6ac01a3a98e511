import { t } from '@/lib/i18n';
import './options.css';
import { AccountField } from './AccountField';
import { AirportSettings } from './AirportSettings';
import { InstanceReport } from './InstanceReport';
import { InstanceSettings } from './InstanceSettings';
import { SaveFeedback } from './SaveFeedback';
import { useAccountChoice } from './useAccountChoice';
import { usePolicyReading } from '../use-managed-policy';
import { useOptionsPage } from './useOptionsPage';
import { WhatsNew } from './WhatsNew';
import { DiagnosticReport } from './DiagnosticReport';
import { LockdownSection } from '../lockdown/LockdownSection';
import { PolicyRefusals } from './PolicyRefusals';

/**
 * The options page: one form, one section per service, one Save for all of them. Each button's
 * result shows next to it, where the eye is after pressing it: Save's one outcome under Save,
 * the airport Test's next to Test; pressing one clears the other's older result.
 */
export function OptionsPage() {
  const { instance, airport, ready, feedback, save, test } = useOptionsPage();
  // biome-ignore lint/correctness/useHookAtTopLevel: the condition is a build-time constant (useOptionsPage)
  const account = import.meta.env.PUSHGATE_SHARE ? useAccountChoice(instance?.report ?? null) : null;
  // What the organisation sets shows as set and locked; what it switches off is not offered; what
  // Pushgate cannot use of it is said once, at the top.
  const policyReading = usePolicyReading();
  const policy = policyReading.policy;

  function onSubmit(event: Event) {
    event.preventDefault();
    // `save` asks for the host permissions synchronously, inside this event's user gesture.
    focusField(save());
  }

  return (
    <div class="options-page">
      <h1>{t('optionsHeading')}</h1>
      <PolicyRefusals reading={policyReading} />
      {/* Each package's own entries of CHANGELOG.md (build/changelogs.mjs). */}
      <WhatsNew />
      {/* Nothing saved yet: where to start, in one line. */}
      {import.meta.env.PUSHGATE_SHARE && ready && instance && !instance.savedOrigin() && <p class="first-run">{t('optionsStartHere')}</p>}
      {!ready ? (
        <p role="status">{t('optionsLoading')}</p>
      ) : (
        // noValidate: the form explains problems itself, in the page's words and next to the field.
        <form noValidate onSubmit={onSubmit}>
          {import.meta.env.PUSHGATE_SHARE && instance?.draft && account && (
            <InstanceSettings
              draft={instance.draft}
              errors={instance.errors}
              tokenNote={instance.tokenNote}
              onChange={instance.update}
              onUrlDone={instance.urlDone}
              policy={policy}
              account={<AccountField {...account} />}
            />
          )}
          {import.meta.env.PUSHGATE_AIRPORT && policy.airportPanel !== false && airport?.draft && (
            <AirportSettings
              draft={airport.draft}
              errors={airport.errors}
              keysClearedFor={airport.keysClearedFor}
              testFeedback={airport.testFeedback}
              calls={airport.calls}
              feedCalls={airport.feedCalls}
              onChange={airport.update}
              onTest={() => focusField(test())}
              managedUrl={policy.airportApiUrl !== undefined}
            />
          )}
          <button type="submit" class="primary">
            {t('optionsSave')}
          </button>
          <SaveFeedback feedback={feedback} class="save-outcome" />
        </form>
      )}
      {import.meta.env.PUSHGATE_SHARE && instance?.report && <InstanceReport {...instance.report} />}
      {import.meta.env.PUSHGATE_SHARE && policy.lockdown !== false && <LockdownSection />}
      {import.meta.env.PUSHGATE_SHARE && <DiagnosticReport />}
      {/* The policy built into the extension from docs/privacy.md (wxt.config.ts): the one of this version. */}
      <p class="privacy-link">
        <a href="/privacy.txt" target="_blank" rel="noopener">
          {t('optionsPrivacyPolicy')}
        </a>
      </p>
    </div>
  );
}

function focusField(id: string | null): void {
  if (id) document.getElementById(id)?.focus();
}

import { t } from '@/lib/i18n';
import type { PolicyReading } from '@/lib/settings';
import { serverText } from '@/lib/short-text';
import { refusalInstead, refusalReason, shownRefusals } from './policy-refusal-text';

/**
 * At the top of the settings page, once: the values of the organisation's policy Pushgate cannot
 * use (lib/settings/policy-check.ts), each with its key, the value as given (as text, cut short:
 * it is the administrator's), why, and what is in force instead. Nothing when the policy is sound.
 */
export function PolicyRefusals({ reading }: { reading: PolicyReading }) {
  const refusals = shownRefusals(reading);
  if (refusals.length === 0) return null;
  return (
    <section class="note warn policy-refused" aria-labelledby="policy-refused-heading">
      <h2 id="policy-refused-heading">{t('policyRefusedHeading')}</h2>
      <p>{t('policyRefusedIntro')}</p>
      <ul>
        {refusals.map((refusal) => (
          <li key={refusal.key}>
            <code>{refusal.key}</code>: {t('policyRefusedGiven', serverText(refusal.given))} {refusalReason(refusal, reading.policy)}{' '}
            <strong>{refusalInstead(refusal, reading.policy)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

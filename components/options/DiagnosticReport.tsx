import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { writeClipboard } from '@/lib/browser/clipboard/document-clipboard';
import { recentFailures } from '@/lib/diagnostics/failures';
import { browserName, diagnosticReport } from '@/lib/diagnostics/report';
import { t } from '@/lib/i18n';
import { getConnection, getManagedPolicy, receiptsOn } from '@/lib/settings';
import { cachedCapabilities } from '@/lib/share/capabilities';
import { shownRefusals } from './policy-refusal-text';

/** Everything the report says, read now from what Pushgate keeps; no request is made for it. */
async function readReport(): Promise<string> {
  const [connection, reading, receipts, failures] = await Promise.all([
    getConnection(),
    getManagedPolicy(),
    receiptsOn.getValue(),
    recentFailures.getValue(),
  ]);
  const { policy } = reading;
  const info = connection ? await cachedCapabilities(connection.baseUrl) : undefined;
  return diagnosticReport({
    version: browser.runtime.getManifest().version,
    browser: browserName(navigator.userAgent),
    instance: info ? { edition: info.edition, applicationVersion: info.applicationVersion, apiVersion: info.apiVersion } : null,
    tokenSet: Boolean(connection?.token),
    receipts,
    lockdown: policy.lockdown !== false,
    airportPanel: policy.airportPanel !== false,
    policyKeys: Object.keys(policy),
    policyRefused: shownRefusals(reading).map(({ key, reason }) => ({ key, reason })),
    failures,
  });
}

/**
 * "Copy a diagnostic report": the report is shown in full first, so the person sees everything
 * they would hand over, and copied only by a second, explicit press.
 */
export function DiagnosticReport() {
  const [report, setReport] = useState<string | null>(null);
  const [outcome, setOutcome] = useState('');

  async function copy() {
    if (report === null) return;
    setOutcome((await writeClipboard(report)) ? t('diagnosticCopied') : t('diagnosticCopyFailed'));
  }

  return (
    <section aria-labelledby="diagnostic-heading">
      <h2 id="diagnostic-heading">{t('diagnosticHeading')}</h2>
      <p class="hint">{t('diagnosticIntro')}</p>
      {report === null ? (
        <button type="button" onClick={() => void readReport().then(setReport)}>
          {t('diagnosticShow')}
        </button>
      ) : (
        <>
          <label for="diagnostic-report">{t('diagnosticReportLabel')}</label>
          <textarea class="diagnostic-report" id="diagnostic-report" readOnly rows={report.split('\n').length} value={report} />
          <button type="button" class="primary" aria-describedby="diagnostic-report" onClick={() => void copy()}>
            {t('diagnosticCopy')}
          </button>
          <p role="status">{outcome}</p>
        </>
      )}
    </section>
  );
}

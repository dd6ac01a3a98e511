import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { h } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DiagnosticReport } from '@/components/options/DiagnosticReport';
import { recordFailure } from '@/lib/diagnostics/failures';
import { capabilitiesCache, instanceUrl, managedPolicy, setToken } from '@/lib/settings';
import { makeVersionInfo } from '@/test/support/pwpush-fixtures';

const INSTANCE = 'https://pwpush.example';
const TOKEN = 'tok-secret-123';
let writeText: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Pushgate', version: '0.1.0' });
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await instanceUrl.setValue(INSTANCE);
  await setToken(TOKEN, true, INSTANCE);
  await capabilitiesCache.setValue({ [INSTANCE]: { info: makeVersionInfo(), checkedAt: 1 } });
  await managedPolicy.setValue({
    policy: { airportPanel: false },
    ignored: [{ key: 'instanceUrl', reason: 'insecure', given: 'http://pw.corp.example' }],
  });
  await recordFailure({ kind: 'rate-limited', status: 429 });
});

describe('Copy a diagnostic report', () => {
  it('shows the report in full first, and copies it only on a second press', async () => {
    render(h(DiagnosticReport, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Copy a diagnostic report…' }));
    const report = (await screen.findByLabelText('The report, exactly as it will be copied')) as HTMLTextAreaElement;
    expect(report.readOnly).toBe(true);
    const text = report.value;
    expect(text).toMatch(/^Pushgate 0\.1\.0\n/);
    expect(text).toContain('Instance: oss 2.11.4');
    expect(text).toContain('API token: set');
    expect(text).toContain('Airport wait times: off');
    expect(text).toContain('rate-limited (HTTP 429): 1×');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('pwpush.example');
    // A refused value is named by its key and the reason, never quoted: it can be an address.
    expect(text).toContain('Policy values refused: instanceUrl (insecure)');
    expect(text).not.toContain('corp.example');
    expect(writeText).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Copy this report' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(text));
    expect((await screen.findByRole('status')).textContent).toBe('Copied. Paste it into your bug report.');
  });
});

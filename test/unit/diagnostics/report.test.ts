import { describe, expect, it } from 'vitest';
import { KEPT_FAILURES, recentFailures, recordFailure } from '@/lib/diagnostics/failures';
import { browserName, diagnosticReport, type ReportFacts } from '@/lib/diagnostics/report';

const FACTS: ReportFacts = {
  version: '0.2.0',
  browser: 'Chrome 141',
  instance: { edition: 'oss', applicationVersion: '2.11.4', apiVersion: '2.1' },
  tokenSet: true,
  receipts: true,
  lockdown: false,
  airportPanel: true,
  policyKeys: ['instanceUrl', 'lockdown'],
  policyRefused: [
    { key: 'expireAfterDaysMax', reason: 'out-of-range' },
    { key: 'airportApiUrl', reason: 'insecure' },
  ],
  failures: [
    { kind: 'server', status: 502, at: Date.UTC(2026, 11, 1, 9) },
    { kind: 'rate-limited', status: 429, at: Date.UTC(2026, 11, 1, 10) },
    { kind: 'server', status: 502, at: Date.UTC(2026, 11, 2, 9) },
    { kind: 'maybe-created', at: Date.UTC(2026, 11, 3, 9) },
  ],
};

describe('the diagnostic report', () => {
  it('says the version, browser, instance, features and the failures by kind and status, most frequent first', () => {
    expect(diagnosticReport(FACTS)).toBe(
      [
        'Pushgate 0.2.0',
        'Browser: Chrome 141',
        'Instance: oss 2.11.4 (API 2.1)',
        'API token: set',
        'Read receipts: on',
        'Lockdown: off by policy',
        'Airport wait times: on',
        'Organisation policy: instanceUrl, lockdown',
        'Policy values refused: expireAfterDaysMax (out-of-range), airportApiUrl (insecure)',
        'Last failures (4):',
        '  server (HTTP 502): 2×, last 2026-12-02T09:00:00.000Z',
        '  maybe-created: 1×, last 2026-12-03T09:00:00.000Z',
        '  rate-limited (HTTP 429): 1×, last 2026-12-01T10:00:00.000Z',
      ].join('\n'),
    );
  });

  it('says so before any check and without failures', () => {
    const report = diagnosticReport({ ...FACTS, instance: null, policyKeys: [], policyRefused: [], failures: [], tokenSet: false });
    expect(report).toContain('Instance: not checked yet');
    expect(report).toContain('API token: none');
    expect(report).toContain('Organisation policy: none');
    expect(report).toContain('Policy values refused: none');
    expect(report).toMatch(/Last failures \(0\):\n {2}none$/);
  });

  it.each<[string, string]>([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36', 'Chrome 141'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0',
      'Edge 141',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox 140'],
  ])('names the browser of %s', (agent, name) => {
    expect(browserName(agent)).toBe(name);
  });
});

describe('the failures it reports', () => {
  it('keeps only a failure’s kind, status and time: never its link or the server’s words', async () => {
    await recordFailure({ kind: 'link-refused', link: 'https://evil.example/p/secret-token' } as { kind: string }, 1000);
    await recordFailure({ kind: 'server', status: 500, serverMessage: 'Name: payroll' } as { kind: string; status: number }, 2000);
    expect(await recentFailures.getValue()).toEqual([
      { kind: 'link-refused', at: 1000 },
      { kind: 'server', status: 500, at: 2000 },
    ]);
  });

  it(`keeps the last ${KEPT_FAILURES}`, async () => {
    for (let at = 1; at <= KEPT_FAILURES + 5; at++) await recordFailure({ kind: 'server', status: 503 }, at);
    const kept = await recentFailures.getValue();
    expect(kept).toHaveLength(KEPT_FAILURES);
    expect(kept[0]!.at).toBe(6);
  });
});

import type { FailureMark } from './failures';

/**
 * The settings page's diagnostic report: what a maintainer needs to understand a problem, and
 * nothing a person would not hand to a stranger. Built only from the fields below: no address, no
 * link, no token, no push's name, note or secret can be in it, because none is given to it.
 */
export interface ReportFacts {
  version: string;
  browser: string;
  /** The instance as its `/version` last said, or null before any check. */
  instance: { edition: string; applicationVersion: string; apiVersion: string } | null;
  tokenSet: boolean;
  receipts: boolean;
  lockdown: boolean;
  airportPanel: boolean;
  /** The keys an organisation's policy sets (their values can be addresses: only the names). */
  policyKeys: string[];
  /** The keys whose values Pushgate refused, each with the check's reason: never the value, which can be an address. */
  policyRefused: Array<{ key: string; reason: string }>;
  failures: FailureMark[];
}

/** "Chrome 141", "Firefox 140", "Edge 141" from a user agent; its first word when it is none of them. */
export function browserName(userAgent: string): string {
  const known: Array<[string, RegExp]> = [
    ['Edge', /Edg\/(\d+)/],
    ['Firefox', /Firefox\/(\d+)/],
    ['Chrome', /Chrome\/(\d+)/],
  ];
  for (const [name, pattern] of known) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.split(' ')[0] ?? 'unknown';
}

/** The failures grouped by kind and status, most frequent first, each with its count and last time. */
export function failureLines(failures: FailureMark[]): string[] {
  const groups = new Map<string, { count: number; last: number }>();
  for (const { kind, status, at } of failures) {
    const key = status === undefined ? kind : `${kind} (HTTP ${status})`;
    const group = groups.get(key) ?? { count: 0, last: 0 };
    groups.set(key, { count: group.count + 1, last: Math.max(group.last, at) });
  }
  return [...groups]
    .sort(([, a], [, b]) => b.count - a.count || b.last - a.last)
    .map(([key, { count, last }]) => `${key}: ${count}×, last ${new Date(last).toISOString()}`);
}

/** The report as plain text, in English: it is read by whoever maintains Pushgate, whatever the page's language. */
export function diagnosticReport(facts: ReportFacts): string {
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  const instance = facts.instance
    ? `${facts.instance.edition} ${facts.instance.applicationVersion} (API ${facts.instance.apiVersion})`
    : 'not checked yet';
  const failures = failureLines(facts.failures);
  return [
    `Pushgate ${facts.version}`,
    `Browser: ${facts.browser}`,
    `Instance: ${instance}`,
    `API token: ${facts.tokenSet ? 'set' : 'none'}`,
    `Read receipts: ${onOff(facts.receipts)}`,
    `Lockdown: ${facts.lockdown ? 'available' : 'off by policy'}`,
    ...(import.meta.env.PUSHGATE_AIRPORT ? [`Airport wait times: ${onOff(facts.airportPanel)}`] : []),
    `Organisation policy: ${facts.policyKeys.length ? facts.policyKeys.join(', ') : 'none'}`,
    `Policy values refused: ${facts.policyRefused.length ? facts.policyRefused.map(({ key, reason }) => `${key} (${reason})`).join(', ') : 'none'}`,
    `Last failures (${facts.failures.length}):`,
    ...(failures.length ? failures.map((line) => `  ${line}`) : ['  none']),
  ].join('\n');
}

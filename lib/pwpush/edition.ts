import type { VersionInfo } from './types';

/**
 * What the commercial edition offers, decided from `/version` alone by pwpush-cli's rules
 * (docs/password-pusher.md#edition): API 2.1 or later (`"2.1"` or `"2.1.0"`), and the feature's flag;
 * requests also need `edition: "commercial"`. An OSS instance says both flags are off.
 */

function apiAtLeast21(apiVersion: string): boolean {
  const match = /^(\d+)\.(\d+)/.exec(apiVersion.trim());
  if (!match) return false;
  const major = Number(match[1]);
  return major > 2 || (major === 2 && Number(match[2]) >= 1);
}

/** The instance has accounts: a token then works in one of them. */
export function offersAccounts(info: VersionInfo | undefined): boolean {
  return Boolean(info && apiAtLeast21(info.apiVersion) && info.features.accounts);
}

/** The instance takes requests ("Request a secret"). */
export function offersRequests(info: VersionInfo | undefined): boolean {
  return Boolean(info && apiAtLeast21(info.apiVersion) && info.edition === 'commercial' && info.features.requests);
}

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render } from 'preact';
import { afterEach, vi } from 'vitest';
import { startPopup } from '@/components/popup/popup-start';
import { answerPushRelay } from '@/lib/share/relay/background';
import type { Push, VersionInfo } from '@/lib/pwpush/types';
import { instanceUrl, pushDefaults, setToken, DEFAULT_PUSH_DEFAULTS, type PushDefaults } from '@/lib/settings';
import { BASE_URL, URL_TOKEN, makePush, makeVersionInfo } from '@/test/support/pwpush-fixtures';

export { BASE_URL } from '@/test/support/pwpush-fixtures';

/** The popup's instance: file pushes off unless a test turns them on. */
export function versionInfo(features: Partial<VersionInfo['features']> = {}): VersionInfo {
  return makeVersionInfo({ features: { fileAttachments: { enabled: false, requiresAuthentication: true }, ...features } });
}

/** The push the popup just created: the same token on every call, so a test can look for its link. */
export function createdPush(overrides: Partial<Push> = {}): Push {
  return makePush({ urlToken: URL_TOKEN, ...overrides });
}

/** Sets up the extension as the options page would: instance, token, defaults. */
export async function configure(token = 'api-token', defaults: Partial<PushDefaults> = {}): Promise<void> {
  await instanceUrl.setValue(BASE_URL);
  await setToken(token, true, BASE_URL);
  await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, ...defaults });
}

/** Stubs `navigator.clipboard` (happy-dom's own would succeed silently) and returns the spy. */
export function stubClipboard(write: (text: string) => Promise<void> = async () => {}) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/** The popup's own HTML (entrypoints/popup/index.html): its form is there before any script runs. */
const POPUP_BODY = readFileSync(resolve(__dirname, '../../../entrypoints/popup/index.html'), 'utf8').replace(
  /^[\s\S]*<body>|<script[\s\S]*$/g,
  '',
);

/** Opens the popup as the browser does: its HTML, then its script; resolves once the form is live (or the set-up hint shows). */
export async function openPopupPage(): Promise<void> {
  await loadPopupPage();
}

/**
 * The same, without waiting: resolves when the popup has read its settings. `start`: a freshly
 * imported `startPopup`. The background is there to take its pushes (lib/share/relay/background.ts),
 * in this test's browser (test/setup.ts gives each test its own ports).
 */
export function loadPopupPage(start: typeof startPopup = startPopup): Promise<void> {
  answerPushRelay();
  document.body.innerHTML = POPUP_BODY;
  return start(document);
}

// Testing Library's cleanup only removes what its own `render` mounted: take the popup down too,
// with the views Preact drew into it (their effects and timers), before the next test.
afterEach(() => {
  for (const slot of document.querySelectorAll('#popup-view, #push-failure, #upload-progress-slot')) render(null, slot);
  document.querySelector('#app')?.remove();
});

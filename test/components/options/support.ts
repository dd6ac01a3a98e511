import { fireEvent, render, screen, within } from '@testing-library/preact';
import { h } from 'preact';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OptionsPage } from '@/components/options/OptionsPage';
import { getCapabilities } from '@/lib/share/capabilities';
import { activePushes } from '@/lib/pwpush/client';
import { ok } from '@/lib/result';
import { makeVersionInfo } from '@/test/support/pwpush-fixtures';

interface PermissionSet {
  origins?: string[];
  permissions?: string[];
}

/**
 * fakeBrowser has no permissions API: every options test gets fresh stubs. `manifest.permissions`
 * are API permissions held from the start (clipboardRead, as if allowed earlier).
 */
export function stubPermissions(manifest: { host_permissions?: string[]; permissions?: string[] } = { host_permissions: [] }) {
  // Like the browser: what was granted (at install or by a prompt the person accepted) is held until removed.
  const granted = new Set([...(manifest.host_permissions ?? []), ...(manifest.permissions ?? [])]);
  const names = ({ origins = [], permissions = [] }: PermissionSet) => [...origins, ...permissions];
  const permissions = {
    request: vi.fn(async (asked: PermissionSet) => {
      for (const name of names(asked)) granted.add(name);
      return true;
    }),
    remove: vi.fn(async (asked: PermissionSet) =>
      names(asked)
        .map((name) => granted.delete(name))
        .every(Boolean),
    ),
    contains: vi.fn(async (asked: PermissionSet) => names(asked).every((name) => granted.has(name))),
    getAll: vi.fn(async () => ({ origins: [...granted].filter((name) => name.includes('://')), permissions: [] })),
  };
  (fakeBrowser as unknown as { permissions: object }).permissions = permissions;
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
    manifest_version: 3,
    name: 'Pushgate',
    version: '0.1.0',
    ...manifest,
  } as ReturnType<typeof fakeBrowser.runtime.getManifest>);
  return permissions;
}

/**
 * A working Password Pusher instance behind the page, for test files that `vi.mock` the modules
 * (vi.mock is hoisted, so it stays in each file): `getCapabilities` answers 2.11.4 with every kind
 * on and, unless `activePushes` is false, `activePushes` answers an empty first page, so a token passes.
 */
export function answerAsWorkingInstance({ activePushes: tokenCheck = true } = {}) {
  vi.mocked(getCapabilities).mockReset().mockResolvedValue(ok(makeVersionInfo()));
  if (tokenCheck)
    vi.mocked(activePushes)
      .mockReset()
      .mockResolvedValue(ok({ items: [], page: 1, perPage: 50 }));
}

/** Renders the page and waits until the stored settings are in the form. */
export async function openOptions() {
  render(h(OptionsPage, {}));
  await screen.findByRole('textbox', { name: 'Instance URL' });
}

export const controls = {
  url: () => screen.getByRole('textbox', { name: 'Instance URL' }) as HTMLInputElement,
  token: () => screen.getByLabelText('API token', { selector: 'input' }) as HTMLInputElement,
  remember: () => screen.getByRole('checkbox', { name: 'Remember token on this device' }) as HTMLInputElement,
  days: () => screen.getByRole('spinbutton', { name: 'Expire after days' }) as HTMLInputElement,
  views: () => screen.getByRole('spinbutton', { name: 'Expire after views' }) as HTMLInputElement,
  deletable: () => screen.getByRole('checkbox', { name: 'Deletable by viewer' }) as HTMLInputElement,
  retrievalStep: () => screen.getByRole('checkbox', { name: 'Retrieval step' }) as HTMLInputElement,
  copyLink: () => screen.getByRole('checkbox', { name: 'Copy link automatically' }) as HTMLInputElement,
  recipientLocale: () => screen.getByRole('combobox', { name: "Recipient's language" }) as HTMLSelectElement,
  airportUrl: () => screen.getByRole('textbox', { name: 'Airport API URL' }) as HTMLInputElement,
  airportKey: () => screen.getByLabelText('Subscription key', { selector: 'input' }) as HTMLInputElement,
  secondaryKey: () => screen.getByLabelText('Secondary subscription key', { selector: 'input' }) as HTMLInputElement,
  infoKey: () => screen.getByLabelText('Airport info key', { selector: 'input' }) as HTMLInputElement,
  defaultAirport: () => screen.getByRole('textbox', { name: 'Default airport' }) as HTMLInputElement,
  refreshMinutes: () => screen.getByRole('spinbutton', { name: 'Refresh every (minutes)' }) as HTMLInputElement,
  test: () => screen.getByRole('button', { name: 'Test' }),
  save: () => screen.getByRole('button', { name: 'Save' }),
  /** Save's one outcome, under Save. */
  status: () => within(outcome('.save-outcome')).getByRole('status'),
  alert: () => within(outcome('.save-outcome')).getByRole('alert'),
  /** The airport Test's own outcome, next to Test. */
  testStatus: () => within(outcome('.test-outcome')).getByRole('status'),
  testAlert: () => within(outcome('.test-outcome')).getByRole('alert'),
};

function outcome(selector: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`no ${selector} on the page`);
  return element;
}

export function type(input: HTMLInputElement, value: string) {
  fireEvent.input(input, { target: { value } });
}

/** Fills URL and token the way a person would, then presses Save. */
export function fillAndSave(url: string, token = '') {
  type(controls.url(), url);
  type(controls.token(), token);
  fireEvent.click(controls.save());
}

export async function storedLocal(): Promise<Record<string, unknown>> {
  return fakeBrowser.storage.local.get(null);
}

export async function storedSession(): Promise<Record<string, unknown>> {
  return fakeBrowser.storage.session.get(null);
}

export interface AirportFill {
  url?: string;
  key?: string;
  secondary?: string;
  info?: string;
  airport?: string;
  refresh?: string;
}

/** Types into the airport controls that are given; the others keep what they show. */
export function fillAirport({ url, key, secondary, info, airport, refresh }: AirportFill) {
  if (url !== undefined) type(controls.airportUrl(), url);
  if (key !== undefined) type(controls.airportKey(), key);
  if (secondary !== undefined) type(controls.secondaryKey(), secondary);
  if (info !== undefined) type(controls.infoKey(), info);
  if (airport !== undefined) type(controls.defaultAirport(), airport);
  if (refresh !== undefined) type(controls.refreshMinutes(), refresh);
}

/** The element a control's first `aria-describedby` id points at: its error when it has one. */
export function describedFirst(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
  return document.getElementById(id)?.textContent ?? '';
}

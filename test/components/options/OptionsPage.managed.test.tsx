import { screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { managedPolicy, pushDefaults, DEFAULT_PUSH_DEFAULTS, instanceUrl, type ManagedPolicy } from '@/lib/settings';
import { answerAsWorkingInstance, controls, openOptions, stubPermissions } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

/** The policy as the background keeps it after reading `storage.managed` (lib/settings/policy-mirror.ts). */
function organisationSets(policy: ManagedPolicy) {
  return managedPolicy.setValue({ policy, ignored: [] });
}

/** The notes a control is described by, in order. */
function notesOf(control: HTMLElement): string[] {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

const MARK = '🔒 Set by your organisation';

beforeEach(() => {
  stubPermissions();
  answerAsWorkingInstance();
});

describe('settings an organisation sets', () => {
  it("shows the organisation's instance, read-only, said first to a screen reader", async () => {
    await instanceUrl.setValue('https://mine.example');
    await organisationSets({ instanceUrl: 'https://pwpush.corp.example' });
    await openOptions();
    await waitFor(() => expect(controls.url().readOnly).toBe(true));
    expect(controls.url().value).toBe('https://pwpush.corp.example');
    expect(notesOf(controls.url())[0]).toBe(MARK);
  });

  it('locks the defaults it sets and caps the others with a note saying whose limit it is', async () => {
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, expireAfterDays: 30, retrievalStep: false });
    await organisationSets({
      expireAfterDaysMax: 7,
      expireAfterViewsDefault: 3,
      retrievalStepForced: true,
      recipientLanguageDefault: 'sv',
    });
    await openOptions();
    await waitFor(() => expect(controls.retrievalStep().disabled).toBe(true));

    expect(controls.days().value).toBe('7');
    expect(controls.days().max).toBe('7');
    expect(controls.days().readOnly).toBe(false);
    expect(notesOf(controls.days())).toEqual(['At most 7: a limit set by your organisation.']);

    expect(controls.views().value).toBe('3');
    expect(controls.views().readOnly).toBe(true);
    expect(notesOf(controls.views())[0]).toBe(MARK);

    expect(controls.retrievalStep().checked).toBe(true);
    expect(notesOf(controls.retrievalStep())[0]).toBe(MARK);
    expect(controls.recipientLocale().value).toBe('sv');
    expect(controls.recipientLocale().disabled).toBe(true);
    expect(controls.deletable().disabled).toBe(false);
  });

  it('locks read receipts on or off', async () => {
    await organisationSets({ receipts: false });
    await openOptions();
    const receipts = screen.getByRole('checkbox', { name: 'Read receipts' }) as HTMLInputElement;
    await waitFor(() => expect(receipts.disabled).toBe(true));
    await waitFor(() => expect(receipts.checked).toBe(false));
    expect(notesOf(receipts)[0]).toBe(MARK);
  });

  it('offers no lockdown and no airport settings where it switches them off, and keeps the airport address locked where it sets it', async () => {
    await organisationSets({ lockdown: false, airportPanel: false });
    await openOptions();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /^Airport wait times/ })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Lockdown' })).toBeNull();

    await organisationSets({ airportApiUrl: 'https://gateway.corp.example' });
    await waitFor(() => expect(controls.airportUrl().readOnly).toBe(true));
    expect(notesOf(controls.airportUrl())[0]).toBe(MARK);
    expect(await screen.findByRole('heading', { name: 'Lockdown' })).toBeTruthy();
  });

  it('marks nothing without a policy', async () => {
    await openOptions();
    expect(screen.queryByText('Set by your organisation')).toBeNull();
    expect(controls.url().readOnly).toBe(false);
    expect(controls.retrievalStep().disabled).toBe(false);
    expect(controls.days().max).toBe('90');
  });
});

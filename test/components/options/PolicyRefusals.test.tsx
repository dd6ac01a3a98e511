import { screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { instanceUrl } from '@/lib/settings';
import { mirrorManagedPolicy } from '@/lib/settings/policy-mirror';
import { answerAsWorkingInstance, controls, openOptions, stubPermissions } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

/** What the administrator wrote, as Firefox hands it over unchecked, kept by the background as it does at start. */
async function organisationWrites(values: Record<string, unknown>): Promise<void> {
  await fakeBrowser.storage.managed.clear();
  await fakeBrowser.storage.managed.set(values);
  await mirrorManagedPolicy();
}

const HEADING = "Part of your organisation's policy cannot be used";

/** The notice's lines as read, without the isolates around the quoted values. */
function refusalLines(): string[] {
  const notice = screen.getByRole('region', { name: HEADING });
  return within(notice)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/[\u2068\u2069]/g, ''));
}

beforeEach(() => {
  stubPermissions();
  answerAsWorkingInstance();
});

describe('policy values Pushgate cannot use', () => {
  it('are said once at the top: which key, the value as given, why, and what is used instead', async () => {
    await instanceUrl.setValue('https://mine.example');
    await organisationWrites({
      instanceUrl: 'http://admin:hunter2@pw.corp.example/api?token=abc',
      expireAfterDaysMax: -3,
      expireAfterViewsMax: 5,
      expireAfterViewsDefault: 10,
      recipientLanguageDefault: 'klingon',
      lockdown: 'no',
      airportApiUrl: 'ftp://gateway.corp.example',
    });
    await openOptions();

    expect(await screen.findByRole('heading', { name: HEADING })).toBeTruthy();
    expect(screen.getAllByRole('region', { name: HEADING })).toHaveLength(1);
    expect(refusalLines()).toEqual([
      'instanceUrl: set to “http://pw.corp.example/…”. Plain http is only for a server on this computer (localhost, 127.0.0.1); any other address needs https. Your own setting is used instead.',
      "expireAfterDaysMax: set to “-3”. It needs a whole number from 1 to 90. Password Pusher's own limit, 90 days, applies instead.",
      "expireAfterViewsDefault: set to “10”. It is above the policy's own ceiling, expireAfterViewsMax (5). New pushes start at the ceiling instead: 5 views.",
      "recipientLanguageDefault: set to “klingon”. It is not a Password Pusher language code (such as de, en-GB or sv), nor empty for the instance's own language. Your own setting is used instead.",
      'lockdown: set to “no”. It needs true or false. Lockdown stays available.',
      'airportApiUrl: set to “ftp://gateway.corp.example”. It is not an http or https address. Your own setting is used instead.',
    ]);
    // The credentials, path and query of a refused address are never shown.
    expect(document.body.textContent).not.toMatch(/hunter2|token=abc/);

    // And the page does what the notice says.
    expect(controls.url().value).toBe('https://mine.example');
    expect(controls.url().readOnly).toBe(false);
    expect(controls.days().max).toBe('90');
    expect(controls.views().value).toBe('5');
    expect(controls.views().readOnly).toBe(true);
    expect(screen.getByRole('heading', { name: 'Lockdown' })).toBeTruthy();
  });

  it('quotes a value as text, cut short, whatever it holds', async () => {
    await organisationWrites({ recipientLanguageDefault: `<img src=x onerror="alert(1)">${'y'.repeat(5000)}` });
    await openOptions();
    await screen.findByRole('heading', { name: HEADING });
    const notice = screen.getByRole('region', { name: HEADING });
    expect(notice.querySelector('img')).toBeNull();
    const [line] = refusalLines();
    expect(line).toContain('set to “<img src=x onerror="alert(1)">yyy');
    expect(line).toContain('…”.');
    expect(line!.length).toBeLessThan(400);
  });

  it('goes away once the administrator corrects the policy, with the page open', async () => {
    await organisationWrites({ expireAfterDaysMax: 'abc' });
    await openOptions();
    await screen.findByRole('heading', { name: HEADING });
    expect(refusalLines()).toEqual([
      "expireAfterDaysMax: set to “abc”. It is not a number: it needs a whole number from 1 to 90. Password Pusher's own limit, 90 days, applies instead.",
    ]);

    await organisationWrites({ expireAfterDaysMax: 7 });
    await waitFor(() => expect(screen.queryByRole('heading', { name: HEADING })).toBeNull());
    expect(controls.days().max).toBe('7');
  });

  it('says nothing where the policy is sound, or where there is none', async () => {
    await organisationWrites({ instanceUrl: 'https://pw.corp.example', expireAfterDaysMax: 7, expireAfterDaysDefault: 7 });
    await openOptions();
    await waitFor(() => expect(controls.url().readOnly).toBe(true));
    expect(screen.queryByRole('heading', { name: HEADING })).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCapabilities } from '@/lib/share/capabilities';
import { capabilitiesCache, DEFAULT_PUSH_DEFAULTS, instanceUrl, pushDefaults, setToken } from '@/lib/settings';
import { makeVersionInfo } from '@/test/support/pwpush-fixtures';
import {
  answerAsWorkingInstance,
  controls,
  describedFirst,
  fillAndSave,
  openOptions,
  storedLocal,
  storedSession,
  stubPermissions,
  type,
} from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

const capabilities = vi.mocked(getCapabilities);
let permissions: ReturnType<typeof stubPermissions>;

beforeEach(() => {
  permissions = stubPermissions();
  answerAsWorkingInstance();
});

describe('a first run', () => {
  it('says in one line what to enter first, naming the public instance, and marks the airport part optional', async () => {
    await openOptions();
    const intro = screen.getByText(/^Start with the address of your Password Pusher instance/);
    expect(intro.textContent).toContain('https://pwpush.com');
    expect(intro.compareDocumentPosition(controls.url()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const airportHeading = screen.getByRole('heading', { name: /^Airport wait times/ });
    expect(airportHeading.textContent).toBe('Airport wait times (optional)');
  });

  it('leaves the line out once an instance is saved', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await openOptions();
    expect(screen.queryByText(/^Start with the address/)).toBeNull();
  });
});

describe('refusing what cannot be saved', () => {
  it('explains an invalid URL next to the field and saves nothing', async () => {
    await openOptions();
    fillAndSave('pw push.example');

    const url = controls.url();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(url.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(error.className).toBe('field-error');
    expect(error.textContent).toMatch(/not a web address/i);
    expect(controls.alert().textContent).toMatch(/nothing was saved/i);
    expect(document.activeElement).toBe(url);
    expect(permissions.request).not.toHaveBeenCalled();
    expect(await storedLocal()).toEqual({});
    expect(url.value).toBe('pw push.example');
  });

  it('questions a bare word ("did you mean https://pwpush.com?") instead of saving https://pwpush', async () => {
    await openOptions();
    fillAndSave('pwpush');

    expect(controls.url().getAttribute('aria-invalid')).toBe('true');
    expect(describedFirst(controls.url())).toMatch(/^Did you mean https:\/\/pwpush\.com\?/);
    expect(document.activeElement).toBe(controls.url());
    expect(permissions.request).not.toHaveBeenCalled();
    expect(await storedLocal()).toEqual({});
    expect(controls.url().value).toBe('pwpush');
  });

  it('refuses plain http to another computer', async () => {
    await openOptions();
    fillAndSave('http://example.com', 'tok');

    expect(controls.url().getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.field-error')!.textContent).toMatch(/https/);
    expect(permissions.request).not.toHaveBeenCalled();
    expect(capabilities).not.toHaveBeenCalled();
    expect(await storedLocal()).toEqual({});
    expect(await storedSession()).toEqual({});
  });

  it('clears the field error once the URL is fixed and saved', async () => {
    await openOptions();
    fillAndSave('ftp://pwpush.example');
    expect(controls.url().getAttribute('aria-invalid')).toBe('true');
    fillAndSave('https://pwpush.example');
    expect(controls.url().hasAttribute('aria-invalid')).toBe(false);
    expect(document.querySelector('.field-error')).toBeNull();
    await waitFor(async () => expect((await storedLocal()).instanceUrl).toBe('https://pwpush.example'));
  });
});

describe('saving', () => {
  it('normalises the URL, asks for that one origin and saves it', async () => {
    await openOptions();
    fillAndSave(' https://PWPush.example/p/abc/r?x=1#y ', '  tok-123\n');

    await waitFor(() => expect(controls.status().textContent).toMatch(/saved/i));
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://pwpush.example/*'] });
    const local = await storedLocal();
    expect(local.instanceUrl).toBe('https://pwpush.example');
    expect(local.apiToken).toEqual({ origin: 'https://pwpush.example', token: 'tok-123' });
    expect(local.rememberToken).toBe(true);
    expect(controls.url().value).toBe('https://pwpush.example');
    expect(capabilities).toHaveBeenCalledWith('https://pwpush.example', { refresh: true });
  });

  it('asks for the permission inside the click, before anything is awaited', async () => {
    await openOptions();
    fillAndSave('https://pwpush.example');
    // No await between the click and this line: the request ran synchronously in the handler.
    expect(permissions.request).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(controls.status().textContent).toMatch(/saved/i));
  });

  it('saves nothing and says so when the permission is declined', async () => {
    permissions.request.mockResolvedValue(false);
    await openOptions();
    fillAndSave('https://pwpush.example/path', 'tok');

    await waitFor(() => expect(controls.alert().textContent).toMatch(/not allowed to reach https:\/\/pwpush\.example.*nothing was saved/i));
    expect(await storedLocal()).toEqual({});
    expect(capabilities).not.toHaveBeenCalled();
    expect(controls.url().value).toBe('https://pwpush.example/path');
    expect(controls.token().value).toBe('tok');
  });

  it('saves nothing when the browser refuses to ask', async () => {
    permissions.request.mockRejectedValue(new Error('must be called during a user gesture'));
    await openOptions();
    fillAndSave('https://pwpush.example');

    await waitFor(() => expect(controls.alert().textContent).toMatch(/did not let Pushgate ask/i));
    expect(await storedLocal()).toEqual({});
  });

  it('keeps a token it should not remember in session storage only', async () => {
    await openOptions();
    fireEvent.click(controls.remember());
    expect(controls.remember().checked).toBe(false);
    fillAndSave('https://pwpush.example', 'secret-token');

    await waitFor(async () =>
      expect((await storedSession()).apiToken).toEqual({ origin: 'https://pwpush.example', token: 'secret-token' }),
    );
    const local = await storedLocal();
    expect(local.apiToken).toBeUndefined();
    expect(local.rememberToken).toBe(false);
    expect(JSON.stringify(local)).not.toContain('secret-token');
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toContain('secret-token');
  });

  it('moves a remembered token out of session storage', async () => {
    await setToken('old', false, 'https://pwpush.example');
    await openOptions();
    expect(controls.remember().checked).toBe(false);
    fireEvent.click(controls.remember());
    fillAndSave('https://pwpush.example', 'new-token');

    await waitFor(async () => expect((await storedLocal()).apiToken).toEqual({ origin: 'https://pwpush.example', token: 'new-token' }));
    expect((await storedSession()).apiToken).toBeUndefined();
  });

  it('gives back the permission of the instance it replaces', async () => {
    await instanceUrl.setValue('https://old.example');
    await openOptions();
    fillAndSave('https://new.example');

    await waitFor(() => expect(permissions.remove).toHaveBeenCalledWith({ origins: ['https://old.example/*'] }));
    expect(permissions.remove).toHaveBeenCalledTimes(1);
    expect((await storedLocal()).instanceUrl).toBe('https://new.example');
  });

  it('keeps the permission when only the port changes (one pattern covers both)', async () => {
    await instanceUrl.setValue('https://pwpush.example:8443');
    await openOptions();
    fillAndSave('https://pwpush.example');

    await waitFor(async () => expect((await storedLocal()).instanceUrl).toBe('https://pwpush.example'));
    await waitFor(() => expect(controls.status().textContent).toMatch(/connected/i));
    expect(permissions.remove).not.toHaveBeenCalled();
  });

  it('never tries to remove a loopback origin granted at install', async () => {
    permissions = stubPermissions({ host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'] });
    await instanceUrl.setValue('http://127.0.0.1:5100');
    await openOptions();
    fillAndSave('https://pwpush.example');

    await waitFor(() => expect(controls.status().textContent).toMatch(/connected/i));
    expect(permissions.remove).not.toHaveBeenCalled();
  });

  it('says "Waiting for your permission…" while the browser asks, then the outcome', async () => {
    let answer!: (granted: boolean) => void;
    permissions.request.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    await openOptions();
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(controls.status().textContent).toBe('Waiting for your permission…'));
    answer(true);
    await waitFor(() => expect(controls.status().textContent).toMatch(/connected/i));
    expect(controls.status().textContent).not.toMatch(/waiting/i);
  });

  it('does not give anything back when nothing is saved', async () => {
    await instanceUrl.setValue('https://old.example');
    permissions.request.mockResolvedValue(false);
    await openOptions();
    fillAndSave('https://new.example');

    await waitFor(() => expect(controls.alert().textContent).toMatch(/nothing was saved/i));
    expect(permissions.remove).not.toHaveBeenCalled();
    expect((await storedLocal()).instanceUrl).toBe('https://old.example');
  });
});

describe('push defaults', () => {
  it('shows the defaults and saves changes with the same Save', async () => {
    await openOptions();
    expect(controls.days().value).toBe('7');
    expect(controls.views().value).toBe('5');
    expect(controls.retrievalStep().checked).toBe(true);

    type(controls.days(), '30');
    type(controls.views(), '1');
    fireEvent.click(controls.deletable());
    fireEvent.click(controls.retrievalStep());
    fireEvent.click(controls.copyLink());
    fillAndSave('https://pwpush.example');

    await waitFor(async () =>
      expect(await pushDefaults.getValue()).toEqual({
        expireAfterDays: 30,
        expireAfterViews: 1,
        deletableByViewer: !DEFAULT_PUSH_DEFAULTS.deletableByViewer,
        retrievalStep: !DEFAULT_PUSH_DEFAULTS.retrievalStep,
        copyLinkAutomatically: !DEFAULT_PUSH_DEFAULTS.copyLinkAutomatically,
        recipientLocale: '',
      }),
    );
  });

  it("offers Password Pusher's languages as the recipient's, none unless chosen, and saves the choice", async () => {
    await openOptions();
    const select = controls.recipientLocale();
    expect(select.value).toBe('');
    expect(select.options).toHaveLength(35);
    expect([...select.options].find((option) => option.value === 'sv')!.textContent).toBe('Svenska');

    fireEvent.change(select, { target: { value: 'sv' } });
    fillAndSave('https://pwpush.example');

    await waitFor(async () => expect((await pushDefaults.getValue()).recipientLocale).toBe('sv'));
  });

  it('shows the saved recipient language', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, recipientLocale: 'pt-BR' });
    await openOptions();
    expect(controls.recipientLocale().value).toBe('pt-BR');
  });

  it('explains out-of-range numbers per field and saves nothing', async () => {
    await openOptions();
    type(controls.days(), '91');
    type(controls.views(), '0');
    fillAndSave('https://pwpush.example');

    for (const [input, range] of [
      [controls.days(), /1 to 90/],
      [controls.views(), /1 to 100/],
    ] as const) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const errorId = input.getAttribute('aria-describedby')!.split(' ')[0]!;
      expect(document.getElementById(errorId)!.textContent).toMatch(range);
    }
    expect(controls.url().hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(controls.days());
    expect(permissions.request).not.toHaveBeenCalled();
    expect(await storedLocal()).toEqual({});
  });

  it.each(['', '7.5', '-3', '1e1'])('refuses %j as a number of days', async (days) => {
    await openOptions();
    type(controls.days(), days);
    fillAndSave('https://pwpush.example');
    expect(controls.days().getAttribute('aria-invalid')).toBe('true');
    expect(permissions.request).not.toHaveBeenCalled();
  });
});

describe('loading', () => {
  it('shows the stored values', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await setToken('stored-token', true, 'https://pwpush.example');
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, expireAfterDays: 3, copyLinkAutomatically: false });
    await openOptions();

    expect(controls.url().value).toBe('https://pwpush.example');
    expect(controls.token().value).toBe('stored-token');
    expect(controls.token().type).toBe('password');
    expect(controls.remember().checked).toBe(true);
    expect(controls.days().value).toBe('3');
    expect(controls.copyLink().checked).toBe(false);
  });

  it('shows the last known report at once and checks the instance again', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await capabilitiesCache.setValue({ 'https://pwpush.example': { info: makeVersionInfo({ edition: 'commercial' }), checkedAt: 0 } });
    capabilities.mockReturnValue(new Promise(() => {}));
    await openOptions();

    expect(screen.getByText(/Pro \(pwpush\.com\) \(commercial\)/)).toBeTruthy();
    await waitFor(() => expect(capabilities).toHaveBeenCalledWith('https://pwpush.example', { refresh: true }));
  });

  it('checks nothing when no instance is set', async () => {
    await openOptions();
    expect(capabilities).not.toHaveBeenCalled();
    expect(controls.remember().checked).toBe(true);
  });
});

describe('show and hide the token', () => {
  it('toggles between a password and a text field by a named button', async () => {
    await openOptions();
    type(controls.token(), 'abc');
    expect(controls.token().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show token' }));
    expect(controls.token().type).toBe('text');
    expect(controls.token().value).toBe('abc');
    fireEvent.click(screen.getByRole('button', { name: 'Hide token' }));
    expect(controls.token().type).toBe('password');
  });
});

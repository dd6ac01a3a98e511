import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { h } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WelcomePage } from '@/components/welcome/WelcomePage';
import { activePushes } from '@/lib/pwpush/client';
import { getToken, instanceUrl, managedPolicy, type ManagedPolicy } from '@/lib/settings';
import { answerAsWorkingInstance, stubPermissions } from '../options/support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

let permissions: ReturnType<typeof stubPermissions>;

beforeEach(() => {
  permissions = stubPermissions();
  answerAsWorkingInstance();
});

async function openWelcome() {
  render(h(WelcomePage, {}));
  return screen.findByRole('heading', { name: 'Step 1 of 3: Where your secrets go' });
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('step 1: where secrets go', () => {
  it('offers pwpush.com, its EU and US hosts and "my own", and asks to choose before going on', async () => {
    await openWelcome();
    const choices = within(screen.getByRole('group', { name: 'Password Pusher instance' })).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')!.textContent)).toEqual([
      'pwpush.com',
      'pwpush.com in Europe (eu.pwpush.com)',
      'pwpush.com in the United States (us.pwpush.com)',
      'My own instance',
    ]);
    fireEvent.click(continueButton());
    expect(await screen.findByText('Choose an instance to continue.')).toBeTruthy();
    expect(document.activeElement).toBe(choices[0]);
    expect(permissions.request).not.toHaveBeenCalled();
  });

  it('asks for that one origin, keeps it, checks it, and moves to the token step with its heading focused', async () => {
    await openWelcome();
    fireEvent.click(screen.getByRole('radio', { name: 'pwpush.com in Europe (eu.pwpush.com)' }));
    fireEvent.click(continueButton());
    const heading = await screen.findByRole('heading', { name: 'Step 2 of 3: An API token (optional)' });
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://eu.pwpush.com/*'] });
    expect(await instanceUrl.getValue()).toBe('https://eu.pwpush.com');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('explains a wrong address of "my own" next to its field', async () => {
    await openWelcome();
    fireEvent.click(screen.getByRole('radio', { name: 'My own instance' }));
    const url = screen.getByRole('textbox', { name: 'Instance URL' });
    fireEvent.input(url, { target: { value: 'pw push.example' } });
    fireEvent.click(continueButton());
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(url);
    expect(permissions.request).not.toHaveBeenCalled();
    expect(await instanceUrl.getValue()).toBe('');
  });

  it('says so when the browser refuses the access, and stays', async () => {
    permissions.request.mockResolvedValueOnce(false);
    await openWelcome();
    fireEvent.click(screen.getByRole('radio', { name: 'pwpush.com' }));
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toContain('https://pwpush.com');
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Where your secrets go' })).toBeTruthy();
  });
});

describe("an organisation's instance", () => {
  async function organisationSets(policy: ManagedPolicy) {
    await managedPolicy.setValue({ policy, ignored: [] });
  }

  it('needs no choice and no typing: one button asks for its access, named after its host', async () => {
    await organisationSets({ instanceUrl: 'https://pwpush.corp.example' });
    await openWelcome();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Your organisation has chosen the instance: pwpush.corp.example.')).toBeTruthy();
    expect(screen.getByText('Set by your organisation')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Allow access to pwpush.corp.example' }));
    await screen.findByRole('heading', { name: 'Step 2 of 3: An API token (optional)' });
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://pwpush.corp.example/*'] });
    // The person's own choice is left as it was: the policy's is in force without it.
    expect(await fakeBrowser.storage.local.get('instanceUrl')).toEqual({});
  });

  it('leaves out the airport part where the organisation switched the wait times off', async () => {
    await organisationSets({ airportPanel: false });
    await openWelcome();
    expect(screen.queryByRole('heading', { name: 'Airport security wait times' })).toBeNull();
  });
});

describe('step 2: an optional token', () => {
  async function atTokenStep() {
    await openWelcome();
    fireEvent.click(screen.getByRole('radio', { name: 'pwpush.com' }));
    fireEvent.click(continueButton());
    return screen.findByRole('heading', { name: 'Step 2 of 3: An API token (optional)' });
  }

  it('says what a token adds', async () => {
    await atTokenStep();
    const adds = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(adds).toContain('tell you when someone opens a link (read receipts)');
    expect(adds).toContain('list, search and expire your pushes on the Pushes page');
  });

  it('keeps a token only once the instance accepts it, then goes to the first push', async () => {
    await atTokenStep();
    fireEvent.click(screen.getByRole('button', { name: 'Save token and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Paste a token first, or skip this step.');

    fireEvent.input(screen.getByLabelText('API token', { selector: 'input' }), { target: { value: 'tok-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save token and continue' }));
    await screen.findByRole('heading', { name: 'Step 3 of 3: Your first push' });
    expect(vi.mocked(activePushes)).toHaveBeenCalled();
    expect(await getToken()).toBe('tok-123');
  });

  it('can be skipped: step 3 shows Pushgate’s own popup, and Back goes back', async () => {
    await atTokenStep();
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByRole('heading', { name: 'Step 3 of 3: Your first push' });
    const frame = screen.getByTitle("Pushgate's push form") as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/popup.html');
    expect(screen.getByText(/push it to pwpush\.com and open the link/)).toBeTruthy();
    expect(await getToken()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Step 2 of 3: An API token (optional)' });
  });
});

describe('the airport part', () => {
  it('says the wait times work without any key for Swedish airports', async () => {
    await openWelcome();
    const section = screen.getByRole('region', { name: 'Airport security wait times' });
    expect(section.textContent).toMatch(/without any key or account: for Swedish airports/);
    expect(within(section).getByRole('button', { name: /Airport wait times/ })).toBeTruthy();
  });
});

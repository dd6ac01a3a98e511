import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { airportApiUrl, airportApiVersions, airportCalls, airportKeys, instanceUrl } from '@/lib/settings';
import { GOOD, SECOND, stubGateway } from './airport-gateway';
import {
  answerAsWorkingInstance,
  controls,
  describedFirst,
  fillAirport,
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

const GATEWAY = 'https://api.swedavia.se';

let permissions: ReturnType<typeof stubPermissions>;
let gateway: ReturnType<typeof stubGateway>;

beforeEach(() => {
  permissions = stubPermissions();
  gateway = stubGateway();
  // The client remembers versions per base URL for the session; every test starts afresh.
  answerAsWorkingInstance();
  return () => vi.unstubAllGlobals();
});

const section = () => screen.getByRole('region', { name: 'Airport wait times' });
const saveStatus = () => waitFor(() => expect(controls.status().textContent).toMatch(/^Saved\./));

describe('the airport section', () => {
  it('shows the defaults in its own labelled section, saved by the page’s one Save', async () => {
    await openOptions();
    expect(controls.airportUrl().value).toBe(GATEWAY);
    expect(controls.airportKey().value).toBe('');
    expect(controls.airportKey().type).toBe('password');
    expect(controls.secondaryKey().type).toBe('password');
    expect(controls.defaultAirport().value).toBe('');
    expect(controls.refreshMinutes().value).toBe('5');
    expect(within(section()).getByRole('button', { name: 'Test' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    expect(within(section()).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Password Pusher' })).toBeTruthy();
  });

  it('shows the stored values, keys hidden', async () => {
    await airportApiUrl.setValue('http://127.0.0.1:5200');
    await airportKeys.setValue({ primary: GOOD, secondary: SECOND });
    await airportCalls.setValue({ month: new Date().toISOString().slice(0, 7), count: 42 });
    await openOptions();
    expect(controls.airportUrl().value).toBe('http://127.0.0.1:5200');
    expect(controls.airportKey().value).toBe(GOOD);
    expect(controls.secondaryKey().value).toBe(SECOND);
    expect(section().textContent).toContain('this month: 42');
    // Opening the page spends nothing from the quota.
    expect(gateway.fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides each key by its own named button', async () => {
    await openOptions();
    fillAirport({ key: 'abc', secondary: 'def' });
    fireEvent.click(screen.getByRole('button', { name: 'Show subscription key' }));
    expect(controls.airportKey().type).toBe('text');
    expect(controls.secondaryKey().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show secondary key' }));
    expect(controls.secondaryKey().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide subscription key' }));
    expect(controls.airportKey().type).toBe('password');
    expect(controls.airportKey().value).toBe('abc');
  });

  it('warns when the refresh interval would use up the free quota', async () => {
    await openOptions();
    expect(section().querySelector('.note.warn')).toBeNull();
    type(controls.refreshMinutes(), '4');
    expect(section().querySelector('.note.warn')!.textContent).toMatch(/about 10800 calls a month/);
    type(controls.refreshMinutes(), '5');
    expect(section().querySelector('.note.warn')).toBeNull();
  });
});

describe('refusing what cannot be saved', () => {
  it.each([
    ['an http URL to another computer', { url: 'http://api.example' }, controls.airportUrl, /https/],
    ['a URL that is none', { url: 'api swedavia' }, controls.airportUrl, /not a web address/],
    ['an empty URL', { url: ' ' }, controls.airportUrl, /api\.swedavia\.se/],
    ['a key with a space inside', { key: 'abc def' }, controls.airportKey, /no spaces/],
    ['a secondary key without a primary one', { secondary: SECOND }, controls.airportKey, /primary key too/],
    ['an airport code of digits', { airport: 'AR1' }, controls.defaultAirport, /three letters/],
    ['an airport code too long', { airport: 'ARNX' }, controls.defaultAirport, /three letters/],
    ['a refresh of 0 minutes', { refresh: '0' }, controls.refreshMinutes, /from 1 to 1440/],
    ['a refresh of 2.5 minutes', { refresh: '2.5' }, controls.refreshMinutes, /from 1 to 1440/],
  ])('%s: explained next to the field, focused, nothing saved or asked', async (_, fill, control, message) => {
    await openOptions();
    fillAirport(fill);
    fillAndSave('https://pwpush.example', 'tok');

    expect(control().getAttribute('aria-invalid')).toBe('true');
    expect(describedFirst(control())).toMatch(message);
    expect(document.activeElement).toBe(control());
    expect(controls.alert().textContent).toMatch(/nothing was saved/i);
    expect(permissions.request).not.toHaveBeenCalled();
    expect(await storedLocal()).toEqual({});
  });

  it('marks both sections at once and focuses the first wrong field of the page', async () => {
    await openOptions();
    fillAirport({ airport: '12' });
    fillAndSave('ftp://pwpush.example');
    expect(controls.url().getAttribute('aria-invalid')).toBe('true');
    expect(controls.defaultAirport().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(controls.url());
    expect(await storedLocal()).toEqual({});
  });
});

describe('keys belong to the origin they were entered for', () => {
  const A = 'http://127.0.0.1:5200';
  const B = 'http://127.0.0.1:5300';

  it('empties both keys when the URL names another origin, says why, and sends B no key on Save or Test', async () => {
    await airportApiUrl.setValue(A);
    await airportKeys.setValue({ primary: GOOD, secondary: SECOND, origin: A });
    await openOptions();
    expect(controls.airportKey().value).toBe(GOOD);
    fillAirport({ url: `${B}/` });
    expect(controls.airportKey().value).toBe('');
    expect(controls.secondaryKey().value).toBe('');
    expect(section().textContent).toContain(`they were entered for ${A}`);

    fireEvent.click(within(section()).getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(controls.testAlert().textContent).toMatch(/Nothing was tested/));
    fillAndSave('', '');
    await saveStatus();
    expect((await storedLocal()).airportKeys).toEqual({ primary: '', secondary: '', info: '', origin: B });
    expect(gateway.requests.filter((r) => r.key !== null)).toEqual([]);
  });

  it('keeps the keys when only the path or case of the same origin changes', async () => {
    await airportApiUrl.setValue(A);
    await airportKeys.setValue({ primary: GOOD, secondary: '', origin: A });
    await openOptions();
    fillAirport({ url: `${A}/waittimepublic/v2/` });
    expect(controls.airportKey().value).toBe(GOOD);
  });

  it('does not show keys that were saved for another origin than the saved URL', async () => {
    await airportApiUrl.setValue(B);
    await airportKeys.setValue({ primary: GOOD, secondary: SECOND, origin: A });
    await openOptions();
    expect(controls.airportKey().value).toBe('');
    expect(controls.secondaryKey().value).toBe('');
  });
});

describe('one Save for both sections', () => {
  it('asks for both hosts in one prompt inside the click, saves both, keys in local storage only', async () => {
    await openOptions();
    fillAirport({ url: 'API.swedavia.se/waittimepublic/v2/', key: ` ${GOOD}\n`, secondary: SECOND, airport: ' got ', refresh: '10' });
    fillAndSave('https://pwpush.example', 'tok');
    // No await since the click: the request ran synchronously in the handler.
    expect(permissions.request).toHaveBeenCalledTimes(1);
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://pwpush.example/*', 'https://api.swedavia.se/*'] });

    await waitFor(() => expect(controls.status().textContent).toContain('The subscription key works'));
    const local = await storedLocal();
    expect(local.instanceUrl).toBe('https://pwpush.example');
    expect(local.airportApiUrl).toBe(GATEWAY);
    expect(local.airportKeys).toEqual({ primary: GOOD, secondary: SECOND, info: '', origin: GATEWAY });
    expect(local.defaultAirport).toBe('GOT');
    expect(local.airportRefreshMinutes).toBe(10);
    expect(JSON.stringify(await storedSession())).not.toContain(GOOD);
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toContain(GOOD);
    // The form shows what is stored.
    expect(controls.airportUrl().value).toBe(GATEWAY);
    expect(controls.airportKey().value).toBe(GOOD);
    expect(controls.defaultAirport().value).toBe('GOT');
    expect(controls.status().textContent).toMatch(/^Saved\..*Connected to Password Pusher.*The subscription key works/);
  });

  it('checks the key after Save with one wait-time request for the default airport, and counts it', async () => {
    await openOptions();
    fillAirport({ key: GOOD, airport: 'bma' });
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(controls.status().textContent).toContain('The subscription key works'));

    expect(gateway.requests.map((r) => [r.url.href, r.key, r.accept])).toEqual([
      [`${GATEWAY}/waittimepublic/v2/airports/BMA`, GOOD, 'application/json'],
    ]);
    expect((await airportCalls.getValue()).count).toBe(1);
    expect(await airportApiVersions.getValue()).toEqual({ [GATEWAY]: 'v2' });
    await waitFor(() => expect(section().textContent).toContain('this month: 1'));
  });

  it('says when the saved key is rejected, and keeps it saved and typed', async () => {
    await openOptions();
    fillAirport({ key: 'revoked-key' });
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/^Saved, but the subscription key check failed/));
    expect(controls.alert().textContent).toMatch(/rejected the subscription key.*apideveloper\.swedavia\.se\/profile/);
    // One outcome in the error style: the instance's good news is in it, without a second "Saved.".
    await waitFor(() => expect(controls.status().textContent).toMatch(/^Connected to Password Pusher/));
    expect(document.querySelectorAll('.note.error')).toHaveLength(1);
    expect(document.querySelectorAll('.note.ok')).toHaveLength(0);
    expect((await storedLocal()).airportKeys).toEqual({ primary: 'revoked-key', secondary: '', info: '', origin: GATEWAY });
    expect(controls.airportKey().value).toBe('revoked-key');
  });

  it('without a key: asks only for the instance and calls no airport', async () => {
    await openOptions();
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(controls.status().textContent).toMatch(/Connected/));
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://pwpush.example/*'] });
    expect(gateway.fetchMock).not.toHaveBeenCalled();
    expect((await storedLocal()).airportKeys).toEqual({ primary: '', secondary: '', info: '', origin: GATEWAY });
  });

  it('saves the airport API alone: no Password Pusher asked for, checked or needed', async () => {
    await openOptions();
    fillAirport({ key: GOOD, airport: 'arn' });
    fillAndSave('', '');
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://api.swedavia.se/*'] });
    await waitFor(() => expect(controls.status().textContent).toMatch(/^Saved\..*The subscription key works/));
    expect(controls.status().textContent).not.toMatch(/Password Pusher/);
    expect(controls.url().hasAttribute('aria-invalid')).toBe(false);
    const local = await storedLocal();
    expect(local.instanceUrl).toBe('');
    expect(local.airportKeys).toEqual({ primary: GOOD, secondary: '', info: '', origin: GATEWAY });
  });

  it('forgets the instance when both of its fields are emptied, and gives its host back', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await openOptions();
    fillAndSave('', '');
    await saveStatus();
    expect(permissions.request).not.toHaveBeenCalled();
    expect((await storedLocal()).instanceUrl).toBe('');
    await waitFor(() => expect(permissions.remove).toHaveBeenCalledWith({ origins: ['https://pwpush.example/*'] }));
  });

  it('refuses an API token without the address of its instance', async () => {
    await openOptions();
    fillAndSave(' ', 'tok-123');
    expect(controls.url().getAttribute('aria-invalid')).toBe('true');
    expect(describedFirst(controls.url())).toMatch(/instance this API token belongs to/);
    expect(permissions.request).not.toHaveBeenCalled();
    expect(await storedLocal()).toEqual({});
  });

  it('asks once for a host both sections use', async () => {
    await openOptions();
    fillAirport({ url: 'https://pwpush.example:8443', key: GOOD });
    fillAndSave('https://pwpush.example');
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://pwpush.example/*'] });
    await saveStatus();
    // The key check after Save ends with a write: waited for here, it cannot land in the next test's storage.
    await waitFor(async () => expect(await storedLocal()).toHaveProperty('airportApiVersions'));
  });

  it('saves nothing when the two hosts are declined, and names both', async () => {
    permissions.request.mockResolvedValue(false);
    await openOptions();
    fillAirport({ key: GOOD });
    fillAndSave('https://pwpush.example');
    await waitFor(() =>
      expect(controls.alert().textContent).toMatch(
        /not allowed to reach https:\/\/pwpush\.example and https:\/\/api\.swedavia\.se, so nothing was saved/,
      ),
    );
    expect(await storedLocal()).toEqual({});
    expect(gateway.fetchMock).not.toHaveBeenCalled();
    expect(controls.airportKey().value).toBe(GOOD);
  });
});

describe('giving back hosts no longer used', () => {
  it('gives back the airport host it replaces', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await airportApiUrl.setValue('https://old-airport.example');
    await airportKeys.setValue({ primary: GOOD, secondary: '' });
    await openOptions();
    fillAirport({ url: GATEWAY, key: GOOD });
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(permissions.remove).toHaveBeenCalledWith({ origins: ['https://old-airport.example/*'] }));
    expect(permissions.remove).toHaveBeenCalledTimes(1);
  });

  it('gives back the airport host when the key is removed', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await airportKeys.setValue({ primary: GOOD, secondary: '' });
    await openOptions();
    fillAirport({ key: '' });
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(permissions.remove).toHaveBeenCalledWith({ origins: ['https://api.swedavia.se/*'] }));
  });

  it('never gives back a host the other section still uses', async () => {
    await instanceUrl.setValue('https://shared.example');
    await airportApiUrl.setValue('https://shared.example');
    await airportKeys.setValue({ primary: GOOD, secondary: '' });
    await openOptions();
    // Another origin empties the keys (they were entered for shared.example): type the key for it.
    fillAirport({ url: GATEWAY, key: GOOD });
    fillAndSave('https://shared.example');
    await saveStatus();
    await waitFor(() => expect(controls.status().textContent).toContain('The subscription key works'));
    expect(permissions.remove).not.toHaveBeenCalled();
  });

  it('gives back a host granted only for a Test once Save leaves it unused', async () => {
    await openOptions();
    fillAirport({ url: 'https://tried.example', key: GOOD });
    fireEvent.click(controls.test());
    await waitFor(() => expect(controls.testStatus().textContent).toContain('The subscription key works'));
    fillAirport({ url: GATEWAY, key: GOOD });
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(permissions.remove).toHaveBeenCalledWith({ origins: ['https://tried.example/*'] }));
  });
});

import { screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCapabilities } from '@/lib/share/capabilities';
import type { HttpError } from '@/lib/http';
import { activePushes } from '@/lib/pwpush/client';
import { fail, ok } from '@/lib/result';
import { instanceUrl, setToken } from '@/lib/settings';
import { makeVersionInfo } from '@/test/support/pwpush-fixtures';
import { answerAsWorkingInstance, controls, fillAndSave, openOptions, storedLocal, stubPermissions, type } from './support';
import { isolated } from '@/test/support/isolated';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

const capabilities = vi.mocked(getCapabilities);
const active = vi.mocked(activePushes);

beforeEach(() => {
  stubPermissions();
  answerAsWorkingInstance();
});

const report = () => screen.getByRole('region', { name: /^Instance/ });
const reportValue = (term: string) => {
  const dt = within(report()).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling!.textContent;
};

async function saveAndWait(url: string, token = '') {
  await openOptions();
  fillAndSave(url, token);
  await waitFor(() => expect(controls.status().textContent).toMatch(/^Saved\./));
}

describe('the token', () => {
  it('is tried on the first page of active pushes and reported as accepted', async () => {
    await saveAndWait('https://pwpush.example', 'good-token');

    await waitFor(() => expect(controls.status().textContent).toContain('Token accepted'));
    expect(active).toHaveBeenCalledWith({ baseUrl: 'https://pwpush.example', token: 'good-token' }, 1);
    expect(reportValue('API token')).toBe('Token accepted');
    expect(controls.alert().textContent).toBe('');
  });

  it('is reported as rejected on a 401, and stays saved and typed', async () => {
    active.mockResolvedValue(fail({ kind: 'unauthorized', status: 401 }));
    await saveAndWait('https://pwpush.example', 'bad-token');

    await waitFor(() => expect(controls.alert().textContent).toMatch(/rejected the API token/));
    expect(reportValue('API token')).toBe('The token was rejected');
    expect(controls.status().textContent).not.toContain('Token accepted');
    expect(controls.token().value).toBe('bad-token');
    expect((await storedLocal()).apiToken).toEqual({ origin: 'https://pwpush.example', token: 'bad-token' });
  });

  it('is not checked when none is given', async () => {
    await saveAndWait('https://pwpush.example');
    await waitFor(() => expect(reportValue('API token')).toBe('None given'));
    expect(active).not.toHaveBeenCalled();
  });

  it('says when it could not be checked', async () => {
    active.mockResolvedValue(fail({ kind: 'server', status: 502 }));
    await saveAndWait('https://pwpush.example', 'tok');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/could not be checked.*HTTP 502/));
    expect(reportValue('API token')).toBe('Not checked');
  });
});

describe('the report', () => {
  it('shows edition, versions, push kinds and anonymous access', async () => {
    await saveAndWait('https://pwpush.example', 'tok');
    await waitFor(() => expect(report()).toBeTruthy());

    expect(controls.status().textContent).toContain(
      `Password Pusher ${isolated('2.11.4')}, ${isolated('oss')} edition, API version ${isolated('2.1')}`,
    );
    expect(reportValue('Edition')).toBe('Open source (oss)');
    expect(reportValue('Application version')).toBe('2.11.4');
    expect(reportValue('API version')).toBe('2.1');
    expect(reportValue('Pushes without a token')).toBe('Allowed');
    const kinds = within(report())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(kinds).toEqual(['Text: on', 'URL: on', 'QR code: on', 'Files: on']);
  });

  it('disappears when the URL is edited to another instance, and comes back when it is typed again', async () => {
    await saveAndWait('https://pwpush.example', 'tok');
    await waitFor(() => expect(report()).toBeTruthy());

    type(controls.url(), 'https://other.example');
    expect(screen.queryByRole('region', { name: /^Instance/ })).toBeNull();
    type(controls.url(), 'pwpush.example/');
    expect(report()).toBeTruthy();
  });

  it('shows kinds the instance turned off, and files needing a token', async () => {
    capabilities.mockResolvedValue(ok(makeVersionInfo({ features: { urlPushes: false, qrPushes: false, anonymousAccess: true } })));
    await saveAndWait('https://pwpush.example');
    await waitFor(() => expect(report()).toBeTruthy());

    const kinds = within(report())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(kinds).toEqual([
      'Text: on',
      'URL: turned off on this instance',
      'QR code: turned off on this instance',
      'Files: on, needs an API token',
    ]);
  });

  it('warns when the instance needs a token and none is given', async () => {
    capabilities.mockResolvedValue(ok(makeVersionInfo({ features: { anonymousAccess: false } })));
    await saveAndWait('https://pwpush.example');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/does not accept pushes without an API token/));
    expect(reportValue('Pushes without a token')).toBe('Not allowed');
  });

  it('warns when pushes are turned off', async () => {
    capabilities.mockResolvedValue(ok(makeVersionInfo({ features: { pushesEnabled: false } })));
    await saveAndWait('https://pwpush.example');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/Pushes are turned off/));
  });

  it('renders server strings as text', async () => {
    capabilities.mockResolvedValue(ok(makeVersionInfo({ applicationVersion: '<img src=x onerror=alert(1)>' })));
    await saveAndWait('https://pwpush.example');
    await waitFor(() => expect(reportValue('Application version')).toBe('<img src=x onerror=alert(1)>'));
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('an instance that does not answer as expected', () => {
  it('gives one outcome per Save, coloured by the worst result: "Saved, but …" in the error style', async () => {
    active.mockResolvedValue(fail({ kind: 'unauthorized', status: 401 }));
    await saveAndWait('https://pwpush.example', 'bad-token');

    await waitFor(() => expect(controls.alert().textContent).toMatch(/rejected the API token/));
    const boxes = document.querySelectorAll('.note');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.classList.contains('error')).toBe(true);
    expect(boxes[0]!.textContent).not.toMatch(/^Saved\./);
    expect(boxes[0]!.textContent).toMatch(/Saved, but the instance rejected the API token\./);
  });

  it('shows a good check as one box in the success style', async () => {
    await saveAndWait('https://pwpush.example', 'good-token');
    await waitFor(() => expect(controls.status().textContent).toContain('Token accepted'));
    const boxes = document.querySelectorAll('.note');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.classList.contains('ok')).toBe(true);
  });

  it.each<[string, HttpError, RegExp]>([
    ['unreachable', { kind: 'network' }, /https:\/\/pwpush\.example could not be reached/],
    ['slow', { kind: 'timeout' }, /did not answer in time/],
    ['first-run page', { kind: 'unexpected', status: 200, detail: 'html' }, /web page instead of the Password Pusher API.*first-run setup/],
    ['not Password Pusher', { kind: 'not-found', status: 404, detail: 'html' }, /has no Password Pusher API v2/],
    ['failing', { kind: 'server', status: 503 }, /internal error \(HTTP 503\)/],
    ['throttling', { kind: 'rate-limited', status: 429, retryAfterSeconds: 30 }, /Too many requests/],
  ])('%s: says so with what to do, keeps the settings saved and typed', async (_, error, message) => {
    capabilities.mockResolvedValue(fail(error));
    await saveAndWait('https://pwpush.example/some/path', 'tok');

    await waitFor(() => expect(controls.alert().textContent).toMatch(message));
    expect(controls.alert().textContent).toMatch(/^Saved, but the instance check failed:/);
    expect(active).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: /^Instance/ })).toBeNull();
    expect(controls.url().value).toBe('https://pwpush.example');
    expect(controls.token().value).toBe('tok');
    const local = await storedLocal();
    expect(local.instanceUrl).toBe('https://pwpush.example');
    expect(local.apiToken).toEqual({ origin: 'https://pwpush.example', token: 'tok' });
  });

  it('on opening the page: reports the problem without claiming a save', async () => {
    await instanceUrl.setValue('https://pwpush.example');
    await setToken('tok', true, 'https://pwpush.example');
    capabilities.mockResolvedValue(fail({ kind: 'network' }));
    await openOptions();

    await waitFor(() => expect(controls.alert().textContent).toMatch(/^The instance check failed:.*could not be reached/));
    expect(controls.status().textContent).toBe('');
  });
});

describe('saves racing each other', () => {
  it('shows the answer of the newest save only', async () => {
    let answerFirst: (value: Awaited<ReturnType<typeof getCapabilities>>) => void = () => {};
    capabilities.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)));
    capabilities.mockResolvedValueOnce(ok(makeVersionInfo({ edition: 'commercial' })));
    await saveAndWait('https://first.example');
    fillAndSave('https://second.example');
    await waitFor(() => expect(reportValue('Edition')).toBe('Pro (pwpush.com) (commercial)'));

    answerFirst(fail({ kind: 'network' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(controls.alert().textContent).toBe('');
    expect(reportValue('Edition')).toBe('Pro (pwpush.com) (commercial)');
  });
});

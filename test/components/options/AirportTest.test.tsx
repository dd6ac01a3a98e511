import { fireEvent, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { airportApiVersions, airportCalls } from '@/lib/settings';
import { FAULTS, GOOD, INFO, SECOND, stubGateway } from './airport-gateway';
import { answerAsWorkingInstance, controls, describedFirst, fillAirport, openOptions, storedLocal, stubPermissions } from './support';

/** The Test button: the real airport client against a stubbed gateway, typed settings, nothing saved. */

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));

const LOCAL = 'http://127.0.0.1:5200';

let permissions: ReturnType<typeof stubPermissions>;
let gateway: ReturnType<typeof stubGateway>;

beforeEach(() => {
  permissions = stubPermissions();
  gateway = stubGateway();
  answerAsWorkingInstance({ activePushes: false });
  return () => vi.unstubAllGlobals();
});

async function testWith(fill: Parameters<typeof fillAirport>[0]) {
  await openOptions();
  fillAirport({ url: LOCAL, ...fill });
  fireEvent.click(controls.test());
}

const announced = () => `${controls.testStatus().textContent}\n${controls.testAlert().textContent}`;

describe('Test', () => {
  it('reports a working key, asks for the typed host inside the click, saves nothing', async () => {
    await testWith({ key: GOOD });
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    await waitFor(() => expect(controls.testStatus().textContent).toBe(`The subscription key works: ${LOCAL} answered with wait times.`));
    expect(controls.testAlert().textContent).toBe('');
    expect(gateway.requests.map((r) => [r.url.pathname, r.key])).toEqual([['/waittimepublic/v2/airports/ARN', GOOD]]);
    const local = await storedLocal();
    expect(local.airportKeys).toBeUndefined();
    expect(local.airportApiUrl).toBeUndefined();
    expect(local.instanceUrl).toBeUndefined();
  });

  it('tries the typed default airport instead of ARN', async () => {
    await testWith({ key: GOOD, airport: 'got' });
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/works/));
    expect(gateway.requests.map((r) => r.url.pathname)).toEqual(['/waittimepublic/v2/airports/GOT']);
  });

  it('says the key works but the default airport publishes no wait times', async () => {
    await testWith({ key: GOOD, airport: 'MMX' });
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/The subscription key works/));
    expect(controls.testAlert().textContent).toMatch(/MMX publishes no wait times/);
  });

  it('says when the primary key was rejected and the secondary one works', async () => {
    gateway = stubGateway({ keys: [SECOND] });
    await testWith({ key: GOOD, secondary: SECOND });
    await waitFor(() =>
      expect(controls.testAlert().textContent).toMatch(/^The primary key was rejected; the secondary key works — replace the primary key/),
    );
    expect(gateway.requests.map((r) => r.key)).toEqual([GOOD, SECOND]);
    expect((await airportCalls.getValue()).count).toBe(2);
  });

  it('says a rejected key is missing or no longer valid and where to get a new one', async () => {
    await testWith({ key: 'not-a-key' });
    await waitFor(() =>
      expect(controls.testAlert().textContent).toBe(
        `${LOCAL} rejected the subscription key: it is missing or no longer valid. Get the current one at apideveloper.swedavia.se/profile (Swedavia renews keys every six months), paste it here and press Save.`,
      ),
    );
    expect(controls.testStatus().textContent).toBe('');
  });

  it('says when both keys are rejected', async () => {
    await testWith({ key: 'old-1', secondary: 'old-2' });
    await waitFor(() => expect(controls.testAlert().textContent).toMatch(/rejected both subscription keys/));
  });

  it.each([
    ['the quota is used up', FAULTS.quota, /key is valid, but its call limit is used up\. Try again in 7 h 2 min\./],
    ['the rate limit is hit', FAULTS.rateLimit, /Too many requests just now\. Try again in 56 s\./],
    ['the service fails', FAULTS.server, /had an internal error \(HTTP 500\)/],
    ['the answer cannot be read', FAULTS.malformed, /not with wait times Pushgate can read/],
  ])('says when %s', async (_, fault, message) => {
    gateway.setFault(fault);
    await testWith({ key: GOOD });
    await waitFor(() => expect(controls.testAlert().textContent).toMatch(message));
    expect(controls.testAlert().textContent).not.toMatch(/saved/i);
  });

  it('says when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await testWith({ key: GOOD });
    await waitFor(() => expect(controls.testAlert().textContent).toMatch(/127\.0\.0\.1:5200 could not be reached/));
  });

  it('says when no wait-time API answers at the address', async () => {
    gateway = stubGateway({ versions: [] });
    await testWith({ key: GOOD });
    await waitFor(() => expect(controls.testAlert().textContent).toMatch(/has no airport wait-time API/));
  });

  it('remembers the version that answered, so the next test costs one request', async () => {
    // A server of the spec's shape only: v2 (asked first, as the real gateway serves it) answers 404.
    gateway = stubGateway({ versions: ['v1'] });
    await testWith({ key: GOOD });
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/works/));
    expect(gateway.requests.map((r) => r.url.pathname)).toEqual(['/waittimepublic/v2/airports/ARN', '/waittimepublic/v1/airports/ARN']);
    expect(await airportApiVersions.getValue()).toEqual({ [LOCAL]: 'v1' });
    expect(controls.airportUrl().closest('section')!.textContent).toContain('this month: 2');

    fireEvent.click(controls.test());
    await waitFor(() => expect(gateway.requests).toHaveLength(3));
    expect(gateway.requests[2]!.url.pathname).toBe('/waittimepublic/v1/airports/ARN');
  });

  it('tries the airport info key with one airport-list request of its own, and says it works', async () => {
    await testWith({ key: GOOD, info: INFO });
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/The airport info key works: the list names 10 airports\./));
    expect(gateway.requests.map((r) => [r.url.pathname, r.key])).toEqual([
      ['/waittimepublic/v2/airports/ARN', GOOD],
      ['/airportinfo/v2/airports', INFO],
    ]);
    expect((await airportCalls.getValue()).count).toBe(2);
  });

  it('reports a refused airport info key here, once, naming which key it must be', async () => {
    // The usual mistake: the WaitTime Public key pasted into the airport info field.
    await testWith({ key: GOOD, info: GOOD });
    await waitFor(() =>
      expect(controls.testAlert().textContent).toMatch(
        /rejected the airport info key\. It must be the key of your AirportInfo subscription/,
      ),
    );
    expect(controls.testStatus().textContent).toMatch(/The subscription key works/);
    expect(gateway.requests.map((r) => [r.url.pathname, r.key])).toEqual([
      ['/waittimepublic/v2/airports/ARN', GOOD],
      ['/airportinfo/v2/airports', GOOD],
    ]);
  });

  it('sends no airport-list request without an airport info key', async () => {
    await testWith({ key: GOOD });
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/works/));
    expect(gateway.requests.filter((r) => r.url.pathname.startsWith('/airportinfo/'))).toEqual([]);
  });

  it('needs a key, and says so next to the field without asking or calling', async () => {
    await testWith({});
    expect(controls.airportKey().getAttribute('aria-invalid')).toBe('true');
    expect(describedFirst(controls.airportKey())).toBe('Enter the subscription key to test it.');
    expect(document.activeElement).toBe(controls.airportKey());
    expect(controls.testAlert().textContent).toMatch(/Nothing was tested/);
    expect(permissions.request).not.toHaveBeenCalled();
    expect(gateway.fetchMock).not.toHaveBeenCalled();
  });

  it('calls nothing when the host is declined', async () => {
    permissions.request.mockResolvedValue(false);
    await testWith({ key: GOOD });
    await waitFor(() =>
      expect(controls.testAlert().textContent).toMatch(/not allowed to reach http:\/\/127\.0\.0\.1:5200, so the key was not tested/),
    );
    expect(gateway.fetchMock).not.toHaveBeenCalled();
  });

  it('ignores a second press while the first test runs (each one costs quota)', async () => {
    await testWith({ key: GOOD });
    fireEvent.click(controls.test());
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/works/));
    expect(gateway.fetchMock).toHaveBeenCalledTimes(1);
    expect(permissions.request).toHaveBeenCalledTimes(1);
  });

  it('shows its result next to its button, with no key in the page text', async () => {
    await testWith({ key: GOOD });
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/works/));
    const testArea = controls.test().closest('.field')!;
    expect(testArea.querySelector('.test-outcome')!.classList.contains('ok')).toBe(true);
    expect(controls.status().textContent).toBe('');
    expect(announced()).not.toContain(GOOD);
    expect(document.body.textContent).not.toContain(GOOD);
  });

  it('clears the older Save outcome, and a Save clears the Test result', async () => {
    await openOptions();
    fillAirport({ url: LOCAL, key: GOOD });
    fireEvent.click(controls.save());
    await waitFor(() => expect(controls.status().textContent).toMatch(/The subscription key works/));
    fireEvent.click(controls.test());
    expect(controls.status().textContent).toBe('');
    expect(document.querySelector('.save-outcome')!.classList.contains('note')).toBe(false);
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/works/));
    fireEvent.click(controls.save());
    expect(controls.testStatus().textContent).toBe('');
  });

  it('says it is waiting for the person while the browser shows its permission prompt', async () => {
    let answer!: (granted: boolean) => void;
    permissions.request.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    await testWith({ key: GOOD });
    await waitFor(() => expect(controls.testStatus().textContent).toBe('Waiting for your permission…'));
    permissions.contains.mockResolvedValue(true);
    answer(true);
    await waitFor(() => expect(controls.testStatus().textContent).toMatch(/works/));
  });
});

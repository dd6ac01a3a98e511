import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { readBoard, saveAirportList, saveBoard } from '@/lib/wait-times/cache';
import {
  airportCalls,
  airportListFailedAt,
  defaultAirport,
  favouriteAirports,
  leaveByBuffers,
  myFlight,
  recentAirports,
} from '@/lib/settings';
import { airportDate } from '@/lib/airport/flight';
import { monthOf } from '@/lib/wait-times/connection';
import { AIRPORTS, BASE_URL, INFO, PRIMARY, SECONDARY, apiBoard, arnQueues, configure, json, serveAirportApi, waitBody } from './fixtures';
import { isolated } from '@/test/support/isolated';

const never = () => new Promise<Response>(() => undefined);
/** Swedavia's ten airports and the eight of the other sources (lib/airport/sources/catalog.ts). */
const SUGGESTED = 18;
const MINUTE = 60_000;
/** The refresh interval when none is set (5 minutes). */
const INTERVAL = 5 * MINUTE;
const boardText = () => document.body.textContent?.includes('Security Terminal 2') ?? false;

function openPanel() {
  return render(<SidePanelApp />);
}

const field = () => screen.findByRole('combobox', { name: 'Airport' }) as Promise<HTMLInputElement>;
const board = () => screen.findByRole('region', { name: /Arlanda/ });

async function choose(code: string) {
  const input = await field();
  fireEvent.input(input, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Show' }));
}

describe('side panel set-up', () => {
  it('without a key, on its first run: the airport field at once, and nothing asked for or sent before an airport is shown', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues())));
    const request = vi.fn(async () => true);
    (fakeBrowser as unknown as { permissions: object }).permissions = { contains: vi.fn(async () => false), request };
    onTestFinished(() => {
      delete (fakeBrowser as unknown as { permissions?: object }).permissions;
    });
    openPanel();
    expect(await field()).toBeTruthy();
    expect(screen.getByText('Enter an airport code to see its security queues.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open settings' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
  });
});

describe('side panel', () => {
  beforeEach(() => configure());

  it('shows the saved board at once, before the network answers', async () => {
    const api = serveAirportApi(never);
    // Older than two 15-minute snapshot steps: out of date.
    const queues = arnQueues(40, [44, 0, 0, 1, 0, 1, 2]);
    await saveBoard(BASE_URL, apiBoard(queues), Date.now() - 30 * MINUTE);
    await defaultAirport.setValue('ARN');
    openPanel();
    expect(await screen.findByText('Security Terminal 2')).toBeTruthy();
    expect(screen.getByText('44 min')).toBeTruthy();
    expect(screen.getByText('Out of date')).toBeTruthy();
    await waitFor(() => expect(api.waitRequests().map((r) => r.path)).toEqual(['/waittimepublic/v2/airports/ARN']));
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeTruthy();
  });

  it('renders the saved board before the refresh request is even sent', async () => {
    const boardOnScreenAtFetch: boolean[] = [];
    const api = serveAirportApi(() => {
      boardOnScreenAtFetch.push(boardText());
      return never();
    });
    await saveBoard(BASE_URL, apiBoard(arnQueues(8), 'ARN'), Date.now() - 8 * MINUTE);
    await defaultAirport.setValue('ARN');
    openPanel();
    await screen.findByText('Security Terminal 2');
    expect(api.fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(api.waitRequests()).toHaveLength(1));
    expect(boardOnScreenAtFetch).toEqual([true]);
  });

  it('does not ask again while the saved board is younger than the refresh interval; Refresh does', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues(1, [9, 0, 0, 1, 0, 1, 2]))));
    await saveBoard(BASE_URL, apiBoard(arnQueues(2), 'ARN'), Date.now() - MINUTE);
    await saveAirportList(BASE_URL, AIRPORTS);
    await defaultAirport.setValue('ARN');
    openPanel();
    expect(await screen.findByText('4 min')).toBeTruthy();
    expect((await board()).querySelector('h2')!.textContent).toBe(`${isolated('Stockholm Arlanda Airport')} (ARN)`);
    await new Promise((r) => setTimeout(r, 150));
    expect(api.fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('9 min')).toBeTruthy();
    expect(api.waitRequests().map((r) => r.path)).toEqual(['/waittimepublic/v2/airports/ARN']);
  });

  it('asks when the saved board becomes due', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues(0, [7, 0, 0, 1, 0, 1, 2]))));
    await saveBoard(BASE_URL, apiBoard(arnQueues(5), 'ARN'), Date.now() - INTERVAL + 400);
    await defaultAirport.setValue('ARN');
    openPanel();
    await screen.findByText('4 min');
    expect(api.waitRequests()).toEqual([]);
    expect(await screen.findByText('7 min', {}, { timeout: 2000 })).toBeTruthy();
    expect(api.waitRequests()).toHaveLength(1);
  });

  it('another airport: its saved board first, the request only when it is due', async () => {
    const boardOnScreenAtFetch: boolean[] = [];
    const api = serveAirportApi((iata) => {
      boardOnScreenAtFetch.push(iata === 'ARN' && boardText());
      return never();
    });
    await saveBoard(BASE_URL, apiBoard([], 'GOT'), Date.now() - MINUTE);
    await saveBoard(BASE_URL, apiBoard(arnQueues(9), 'ARN'), Date.now() - 9 * MINUTE);
    await recentAirports.setValue(['GOT', 'ARN']);
    openPanel();
    await screen.findByRole('heading', { level: 2, name: /GOT/ });
    await new Promise((r) => setTimeout(r, 100));
    expect(api.waitRequests()).toEqual([]);
    fireEvent.click(within(screen.getByRole('group', { name: 'Recent' })).getByRole('button', { name: 'ARN' }));
    await screen.findByText('Security Terminal 2');
    await waitFor(() => expect(api.waitRequests().map((r) => r.path)).toEqual(['/waittimepublic/v2/airports/ARN']));
    expect(boardOnScreenAtFetch).toEqual([true]);
  });

  it('shows the answer, grouped, and keeps it for next time', async () => {
    serveAirportApi(() => json(waitBody(arnQueues(2, [12, 3, 6, 18, 4, 9, 47]))));
    openPanel();
    await choose('arn');
    const region = await board();
    await within(region).findByText('Security Terminal 5F');
    expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe(`${isolated('Stockholm Arlanda Airport')} (ARN)`);
    expect(
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(within(region).getByText('45+ min')).toBeTruthy();
    expect((await field()).value).toBe('ARN');
    await waitFor(async () => expect((await readBoard(BASE_URL, 'ARN'))?.board.checkpoints).toHaveLength(7));
    await waitFor(async () => expect(await recentAirports.getValue()).toEqual(['ARN']));
  });

  it('refuses an invalid code with a message and sends no request', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues())));
    openPanel();
    await choose('AR1');
    expect((await screen.findByRole('alert')).textContent).toBe('An airport code is three letters, such as ARN, CPH or FRA.');
    expect((await field()).getAttribute('aria-invalid')).toBe('true');
    await choose('  ');
    expect(screen.getByRole('alert').textContent).toBe('Enter an airport code, such as ARN.');
    await new Promise((r) => setTimeout(r, 20));
    expect(api.waitRequests()).toEqual([]);
  });

  it('puts the focus in the Airport field when no board is shown', async () => {
    serveAirportApi(never);
    openPanel();
    const input = await field();
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('leaves the focus alone when a board is shown', async () => {
    await defaultAirport.setValue('ARN');
    serveAirportApi(never);
    openPanel();
    await screen.findByRole('region', { name: /ARN/ });
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).not.toBe(await field());
  });

  it('shows the code upper case as typed', async () => {
    serveAirportApi(never);
    openPanel();
    const input = await field();
    fireEvent.input(input, { target: { value: 'got' } });
    expect(input.value).toBe('GOT');
  });

  it('says calmly that an airport publishes no wait times', async () => {
    serveAirportApi((iata) => json(`Airport ${iata} not supported`, 400));
    openPanel();
    // The live region is in the panel, empty, before there is anything to say.
    expect(screen.getByRole('status').textContent).toBe('');
    await choose('MMX');
    const text = `No wait-time data is published for ${isolated('Malmö Airport')} (MMX).`;
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(text));
    // Shown once, and read out by the live region that was in the panel before the note.
    expect(document.querySelector('.note.info')!.textContent).toContain(text);
    expect(document.querySelector('.note.info')!.hasAttribute('role')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open settings' })).toBeNull();
    // Nothing to refresh or to keep: no Favourite, no Refresh for an airport without data.
    expect(screen.queryByRole('button', { name: /Favourite/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refresh/ })).toBeNull();
  });

  it('offers Favourite only once the airport has shown data', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = serveAirportApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    openPanel();
    await choose('ARN');
    await screen.findByRole('button', { name: /^Refresh/ });
    await waitFor(() => expect(api.waitRequests()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Favourite/ })).toBeNull();
    answer(json(waitBody(arnQueues())));
    expect(await screen.findByRole('button', { name: /Favourite/ })).toBeTruthy();
  });

  it('an invalid key: says so and offers the options', async () => {
    const api = serveAirportApi(() => json({ statusCode: 401, message: 'Access denied due to invalid subscription key.' }, 401));
    const openOptionsPage = vi.fn(async () => undefined);
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    openPanel();
    await choose('ARN');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/subscription key is missing or no longer valid/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Open settings' }));
    expect(openOptionsPage).toHaveBeenCalledOnce();
    // Only one key: one try per API version path, nothing more.
    expect(api.waitRequests().every((r) => r.key === PRIMARY)).toBe(true);
  });

  it('an invalid primary key with a working secondary key: shows the board and says to update the key', async () => {
    await configure({ primary: PRIMARY, secondary: SECONDARY });
    serveAirportApi((_, key) => (key === SECONDARY ? json(waitBody(arnQueues())) : json({ statusCode: 401 }, 401)));
    openPanel();
    await choose('ARN');
    expect(await screen.findByText('Security Terminal 4')).toBeTruthy();
    // The note on screen, and the live region that reads it out (the same text twice, by design).
    const notice = /primary subscription key was refused, so the secondary key was used/;
    expect(document.querySelector('.note.warn')!.textContent).toMatch(notice);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(notice));
  });

  it('a rate limit: keeps the board, pauses automatic refresh and says until when', async () => {
    let answer = () => json(waitBody(arnQueues()));
    const api = serveAirportApi(() => answer());
    openPanel();
    await choose('ARN');
    await screen.findByText('Security Terminal 2');
    answer = () => json({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 120 seconds.' }, 429, { 'Retry-After': '120' });
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    // On Stockholm's clock, marked as such: the tests run on UTC's.
    const until = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' }).format(
      Date.now() + 120_000,
    );
    expect(await screen.findByText(`Automatic refresh is paused until ${until} (Stockholm time).`)).toBeTruthy();
    const tooMany = /Too many requests in a short time\. Wait times refresh again in 2 min\./;
    expect(document.querySelector('.note.warn')!.textContent).toMatch(tooMany);
    expect(screen.getByRole('status').textContent).toMatch(tooMany);
    expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Security Terminal 2')).toBeTruthy();
    const before = api.waitRequests().length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(api.waitRequests()).toHaveLength(before);
  });

  it('a server error: keeps the last good board, marked out of date, with the error', async () => {
    serveAirportApi(() => json({ statusCode: 500, message: 'Internal server error' }, 500));
    await saveBoard(BASE_URL, apiBoard(arnQueues(10), 'ARN'), Date.now() - 10 * MINUTE);
    await recentAirports.setValue(['ARN']);
    openPanel();
    expect(await screen.findByText(/The airport service has a problem right now \(error 500\)/)).toBeTruthy();
    expect(screen.getByText('Security Terminal 2')).toBeTruthy();
    expect(screen.getByText('Out of date')).toBeTruthy();
    expect(screen.getByText(/^The wait times below are the last ones received, at .+ \(Stockholm time\)\.$/)).toBeTruthy();
    expect(screen.getByText(/^Next try at /)).toBeTruthy();
  });

  it('counts every request this month, and starts again in a new month', async () => {
    await airportCalls.setValue({ month: '2001-01', count: 9_999 });
    await configure({ primary: PRIMARY, secondary: SECONDARY });
    serveAirportApi((_, key) => (key === SECONDARY ? json(waitBody(arnQueues())) : json({ statusCode: 401 }, 401)));
    openPanel();
    expect(await screen.findByText('0 API calls this month (free quota about 10,000).')).toBeTruthy();
    await choose('ARN');
    // The wait times with the refused primary key and the secondary key (2); no airport list without its own key.
    expect(await screen.findByText('2 API calls this month (free quota about 10,000).')).toBeTruthy();
    expect(await airportCalls.getValue()).toEqual({ month: monthOf(new Date()), count: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('4 API calls this month (free quota about 10,000).')).toBeTruthy();
  });

  it('without an airport info key: no airport-list request, every airport Pushgate has a source for, named with its city', async () => {
    const api = serveAirportApi(never);
    const { container } = openPanel();
    await waitFor(() => expect(container.querySelectorAll('#airport-suggestions option')).toHaveLength(SUGGESTED));
    const option = container.querySelector<HTMLOptionElement>('#airport-suggestions option[value="OSD"]')!;
    expect(option.textContent).toBe('Åre Östersund Airport');
    expect(container.querySelector('#airport-suggestions option[value="CPH"]')!.textContent).toBe('Copenhagen Airport');
    expect(container.querySelector('#airport-suggestions option[value="GOT"]')!.textContent).toBe(
      'Göteborg Landvetter Airport (Gothenburg)',
    );
    // Airports without public wait times are not suggested; they say so when chosen.
    expect(container.querySelector('#airport-suggestions option[value="HEL"]')).toBeNull();
    expect((await field()).getAttribute('list')).toBe('airport-suggestions');
    await choose('MMX');
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent.filter((r) => r.path.startsWith('/airportinfo/'))).toEqual([]);
  });

  it('with an airport info key: the list from the API, asked with that key only', async () => {
    await configure({ primary: PRIMARY, secondary: '', info: INFO });
    const api = serveAirportApi(never);
    const { container } = openPanel();
    // Swedavia's four from its list, named as it names them, and the catalogue's others.
    await waitFor(() => expect(api.sent).toHaveLength(1));
    await waitFor(() => expect(container.querySelectorAll('#airport-suggestions option')).toHaveLength(SUGGESTED));
    expect(container.querySelector('#airport-suggestions option[value="MMX"]')!.textContent).toBe('Malmö Airport');
    expect(api.sent.filter((r) => r.path.startsWith('/airportinfo/'))).toEqual([{ path: '/airportinfo/v2/airports', key: INFO }]);
  });

  it('a refused airport info key: the shipped list, no message here, and no new try on the next opening', async () => {
    await configure({ primary: PRIMARY, secondary: '', info: 'wrong-info-key' });
    const api = serveAirportApi(never);
    const first = openPanel();
    await waitFor(() => expect(api.sent).toHaveLength(1));
    await waitFor(async () => expect(await airportListFailedAt.getValue()).toBeGreaterThan(0));
    expect(first.container.querySelectorAll('#airport-suggestions option')).toHaveLength(SUGGESTED);
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();
    const second = openPanel();
    await waitFor(() => expect(second.container.querySelectorAll('#airport-suggestions option')).toHaveLength(SUGGESTED));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent).toHaveLength(1);
  });

  it('keeps favourites and recent airports one click away', async () => {
    const api = serveAirportApi((iata) => (iata === 'ARN' ? json(waitBody(arnQueues())) : never()));
    await recentAirports.setValue(['GOT', 'ARN']);
    openPanel();
    await screen.findByRole('button', { name: /^Refresh/ });
    // The last viewed airport opens first; without data yet it is not offered as a favourite.
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/GOT/);
    expect(screen.queryByRole('button', { name: /Favourite/ })).toBeNull();
    await waitFor(() => expect(api.waitRequests()).toHaveLength(1));
    fireEvent.click(within(screen.getByRole('group', { name: 'Recent' })).getByRole('button', { name: 'ARN' }));
    await screen.findByText('Security Terminal 2');
    expect(screen.getByRole('button', { name: /Favourite/ }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /Favourite/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Favourite/ }).getAttribute('aria-pressed')).toBe('true'));
    expect(await favouriteAirports.getValue()).toEqual(['ARN']);
    const favourites = screen.getByRole('group', { name: 'Favourites' });
    expect(within(favourites).getByRole('button', { name: 'ARN' })).toBeTruthy();
    expect(api.waitRequests().map((r) => r.path.split('/').pop())).toEqual(['GOT', 'ARN']);
  });

  it('asks again at once when a new key is saved in the options', async () => {
    serveAirportApi((_, key) => (key === 'new-key' ? json(waitBody(arnQueues())) : json({ statusCode: 401 }, 401)));
    openPanel();
    await choose('ARN');
    await screen.findByRole('alert');
    await configure({ primary: 'new-key', secondary: '' });
    expect(await screen.findByText('Security Terminal 2')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without access to the API host: points to the options and sends nothing', async () => {
    const contains = vi.fn(async () => false);
    (fakeBrowser as unknown as { permissions: object }).permissions = { contains };
    onTestFinished(() => {
      delete (fakeBrowser as unknown as { permissions?: object }).permissions;
    });
    const api = serveAirportApi(() => json(waitBody(arnQueues())));
    await defaultAirport.setValue('ARN');
    openPanel();
    expect(await screen.findByText('Pushgate may not contact api.swedavia.se yet. Allow it in the settings.')).toBeTruthy();
    expect(contains).toHaveBeenCalledWith({ origins: ['https://api.swedavia.se/*'] });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('side panel: my flight', () => {
  beforeEach(() => configure());
  const T5F = () => arnQueues(2).filter((queue) => queue.terminal === 'T5');
  const flightField = () => screen.getByRole('textbox', { name: 'Flight' }) as HTMLInputElement;
  const dateField = () => screen.getByLabelText('Date') as HTMLInputElement;
  /** My flight is one line until opened. */
  const openMyFlight = async () => fireEvent.click(await screen.findByRole('button', { name: /^My flight: / }));

  async function showArn() {
    openPanel();
    await choose('ARN');
    await screen.findByText('Security Terminal 2');
    await openMyFlight();
  }

  it("shows the flight's checkpoints first, marked for the flight, above the rest, and remembers it", async () => {
    const api = serveAirportApi(
      () => json(waitBody(arnQueues(2))),
      (_, flight) => (flight === 'TG961' ? json(waitBody(T5F())) : json('No departure', 400)),
    );
    await showArn();
    const today = dateField().value;
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.input(flightField(), { target: { value: 'tg 961' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my flight' }));

    const section = await screen.findByRole('region', { name: /^Your flight TG961, / });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.queue-name')!.textContent),
    ).toEqual(['Security Terminal 5Ffor TG961', 'Security Terminal 5F FastTrackFastTrackfor TG961']);
    // The rest of the airport below, without the flight's checkpoints repeated.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      expect.stringMatching(/^Your flight TG961/),
      'T2',
      'T3',
      'T4',
    ]);
    expect(await myFlight.getValue()).toEqual({ iata: 'ARN', flight: 'TG961', date: today });
    expect(api.sent.filter((r) => r.path.includes('/flights'))).toEqual([
      { path: `/waittimepublic/v2/airports/ARN/flights?flightid=TG961&date=${today}`, key: PRIMARY },
    ]);
    await waitFor(async () => expect((await airportCalls.getValue()).count).toBe(2));
  });

  it('with a departure time, says when to leave beside my flight, from the flight answer alone', async () => {
    const api = serveAirportApi(
      () => json(waitBody(arnQueues(2))),
      () => json(waitBody(T5F())),
    );
    await showArn();
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    fireEvent.input(flightField(), { target: { value: 'TG961' } });
    fireEvent.input(screen.getByLabelText('Departs'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my flight' }));

    const leave = await screen.findByRole('region', { name: 'When to leave for TG961' });
    expect(leave.querySelector('[aria-live="polite"]')!.textContent).toMatch(/^Be at security by .+ · leave by .+ \(Stockholm time\)$/);
    expect(await myFlight.getValue()).toMatchObject({ flight: 'TG961', departs: '12:00' });
    // The board and the flight: nothing more is asked for the times.
    await waitFor(async () => expect((await airportCalls.getValue()).count).toBe(2));
    expect(api.sent).toHaveLength(2);
  });

  it('opens with a remembered departure time and the person’s own times, and follows a change of those times', async () => {
    serveAirportApi(
      () => json(waitBody(arnQueues(2))),
      () => json(waitBody(T5F())),
    );
    await myFlight.setValue({ iata: 'ARN', flight: 'TG961', date: airportDate(Date.now(), 1), departs: '12:00' });
    await leaveByBuffers.setValue({ toAirportMinutes: 60, toGateMinutes: 30 });
    await defaultAirport.setValue('ARN');
    openPanel();
    await screen.findByRole('region', { name: 'When to leave for TG961' });
    // What it counted and the person's own times are with the form, once My flight is opened.
    await openMyFlight();
    const details = document.getElementById('my-flight-panel')!;
    await waitFor(() => expect(details.textContent).toMatch(/; 60 min to the airport; 30 min from security to the gate\./));
    expect((screen.getByLabelText('Departs') as HTMLInputElement).value).toBe('12:00');
    await leaveByBuffers.setValue({ toAirportMinutes: 25, toGateMinutes: 30 });
    await waitFor(() => expect(details.textContent).toMatch(/; 25 min to the airport; 30 min from security to the gate\./));
  });

  it('a flight remembered without a departure time (saved by an earlier version) shows no times to leave', async () => {
    serveAirportApi(
      () => json(waitBody(arnQueues(2))),
      () => json(waitBody(T5F())),
    );
    await myFlight.setValue({ iata: 'ARN', flight: 'TG961', date: airportDate(Date.now(), 1) });
    await defaultAirport.setValue('ARN');
    openPanel();
    await screen.findByRole('region', { name: /^Your flight TG961, / });
    expect(screen.queryByRole('region', { name: /^When to leave/ })).toBeNull();
    await openMyFlight();
    expect((screen.getByLabelText('Departs') as HTMLInputElement).value).toBe('');
  });

  it('refuses a flight number that cannot be one, without a request', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues(2))));
    await showArn();
    fireEvent.input(flightField(), { target: { value: 'SK 14155' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my flight' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/A flight number is the airline's code/);
    expect(flightField().getAttribute('aria-invalid')).toBe('true');
    expect(api.sent.filter((r) => r.path.includes('/flights'))).toEqual([]);
    expect(await myFlight.getValue()).toBeNull();
  });

  it("says in Pushgate's words, with airport and date, that Swedavia knows no such departure; tomorrow is one click away", async () => {
    serveAirportApi(() => json(waitBody(arnQueues(2))));
    await showArn();
    const today = dateField().value;
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(dateField().value > today).toBe(true);
    fireEvent.input(flightField(), { target: { value: 'xx0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my flight' }));
    const note = await screen.findByText(/^Swedavia has no departure XX0000 from \u2068Stockholm Arlanda Airport\u2069 \(ARN\) on /);
    expect(note.textContent).toMatch(/Check the flight number and the date/);
    expect(note.textContent).not.toMatch(/flightdata/);
    // The board of the whole airport stays.
    expect(screen.getByText('Security Terminal 2')).toBeTruthy();
  });

  it('forgets a flight whose date has passed', async () => {
    serveAirportApi(() => json(waitBody(arnQueues(2))));
    await myFlight.setValue({ iata: 'ARN', flight: 'TG961', date: '2020-01-01' });
    await showArn();
    expect(flightField().value).toBe('');
    await waitFor(async () => expect(await myFlight.getValue()).toBeNull());
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { SOURCES } from '@/lib/airport/sources/catalog';
import { airportDate } from '@/lib/airport/flight';
import { airportAccessRefused, airportFeedCalls, defaultAirport, myFlight } from '@/lib/settings';
import { readBoard } from '@/lib/wait-times/cache';
import { isolated } from '@/test/support/isolated';
import { serveFeeds, stubHostAccess } from './fixtures';

const CPH_HOST = 'cphwaitingtime.z6.web.core.windows.net';
const CPH_ORIGIN = `https://${CPH_HOST}`;
const FRA_HOST = 'www.frankfurt-airport.com';
const copenhagen = () => Response.json({ t2WaitingTimeInterval: '10-15', t3WaitingTimeInterval: '0-5', deliveryId: null });
const frankfurt = () =>
  Response.json({
    data: [
      { ps: 'Security checkpoint, Concourse A\r\nDeparture gates: A1 - A69', status: '5 min' },
      { ps: 'Security checkpoint, Concourse B\r\nDeparture gates: B1 - B63', status: '10 - 15 min' },
      { ps: 'Security checkpoint, Concourse D\r\nDeparture gates: D1 - D8', status: '25 min' },
    ],
  });

const field = () => screen.findByRole('combobox', { name: 'Airport' }) as Promise<HTMLInputElement>;
async function choose(code: string) {
  fireEvent.input(await field(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Show' }));
}
const minutesShown = () => [...document.querySelectorAll('.wait-minutes')].map((cell) => cell.textContent);

afterEach(() => {
  delete (fakeBrowser as unknown as { permissions?: object }).permissions;
});

describe('side panel: an airport’s own website, asked for one site at a time', () => {
  it('says why before the browser asks, asks only on the click, and shows the board once allowed', async () => {
    const feeds = serveFeeds({ [CPH_HOST]: copenhagen });
    const access = stubHostAccess([]);
    render(<SidePanelApp />);
    await choose('cph');
    const note = await screen.findByText(
      `The wait times of ${isolated('Copenhagen Airport')} (CPH) come from Copenhagen Airport's website (${CPH_HOST}). Pushgate needs your permission to read that one site: your browser will ask. Nothing is sent to it but the request for its wait times.`,
    );
    expect(note).toBeTruthy();
    expect(access.request).not.toHaveBeenCalled();
    expect(feeds.sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: `Allow reading ${CPH_HOST}` }));
    expect(access.request).toHaveBeenCalledWith({ origins: [`${CPH_ORIGIN}/*`] });
    await waitFor(() => expect(minutesShown()).toEqual(['10–15 min', '0–5 min']));
    expect(feeds.sent).toEqual([SOURCES.cph.defaultUrl]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['T2', 'T3']);
    expect(screen.getByText("From Copenhagen Airport's website: published for its visitors, not an official API.")).toBeTruthy();
    expect(screen.getByText("1 request to Copenhagen Airport's website this month.")).toBeTruthy();
    expect(screen.queryByText(/Allow reading/)).toBeNull();
  });

  it('a refusal is remembered and explained, and never prompted again by itself', async () => {
    const feeds = serveFeeds({ [CPH_HOST]: copenhagen });
    const access = stubHostAccess([], false);
    await defaultAirport.setValue('CPH');
    const first = render(<SidePanelApp />);
    fireEvent.click(await screen.findByRole('button', { name: `Allow reading ${CPH_HOST}` }));
    expect(
      await screen.findByText(
        `You declined access to ${CPH_HOST}, so Pushgate cannot show the wait times of ${isolated('Copenhagen Airport')} (CPH). It will not ask again by itself: allow it here whenever you want them.`,
      ),
    ).toBeTruthy();
    await waitFor(async () => expect(Object.keys(await airportAccessRefused.getValue())).toEqual([CPH_ORIGIN]));
    first.unmount();

    // Opened again on the same airport: the refusal is said at once, and nothing is asked.
    access.request.mockClear();
    render(<SidePanelApp />);
    expect(await screen.findByText(/^You declined access to /)).toBeTruthy();
    expect(access.request).not.toHaveBeenCalled();
    expect(feeds.sent).toEqual([]);
    // Asked for on purpose, and granted: the refusal is forgotten.
    access.answer = true;
    fireEvent.click(screen.getByRole('button', { name: `Allow reading ${CPH_HOST}` }));
    await waitFor(() => expect(minutesShown()).toEqual(['10–15 min', '0–5 min']));
    expect(await airportAccessRefused.getValue()).toEqual({});
  });

  it('Swedish airports without a key come from Swedavia’s website', async () => {
    const feeds = serveFeeds({
      'www.swedavia.com': () => Response.json({ queueTimesList: [{ locationName: 'Terminal 5', interval: 'at least 45 min' }] }),
    });
    stubHostAccess(['https://www.swedavia.com/*']);
    render(<SidePanelApp />);
    await choose('ARN');
    await waitFor(() => expect(minutesShown()).toEqual(['45+ min']));
    expect(feeds.sent).toEqual(['https://www.swedavia.com/services/queuetimes/v2/airport/en/ARN/true']);
    expect(screen.getByText("From Swedavia's website: published for its visitors, not an official API.")).toBeTruthy();
    expect(screen.getByText(/^Fetched /)).toBeTruthy();
  });

  it.each([
    ['HEL', `${isolated('Helsinki Airport')} (HEL) publishes no security wait times that Pushgate could find.`],
    [
      'LHR',
      `${isolated('London Heathrow Airport')} (LHR) gives its wait times only to its own website: its feed answers no one else, and Pushgate will not pose as that website.`,
    ],
    [
      'BER',
      `The website of ${isolated('Berlin Brandenburg Airport')} (BER) turns automated readers away, so Pushgate cannot show its wait times.`,
    ],
    ['XYZ', "Pushgate knows no public wait times for XYZ. It shows Swedavia's airports and CPH, OSL, AMS, FRA, MUC, DUS, DUB and EDI."],
  ])('%s says it has no public wait times, calmly, and offers nothing to refresh', async (code, text) => {
    const feeds = serveFeeds({});
    const access = stubHostAccess([]);
    render(<SidePanelApp />);
    await choose(code);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refresh/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^My flight/ })).toBeNull();
    expect(feeds.sent).toEqual([]);
    expect(access.request).not.toHaveBeenCalled();
  });

  it('a city typed in the person’s language stands for its airport', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([`${CPH_ORIGIN}/*`]);
    render(<SidePanelApp />);
    await choose('copenhagen');
    expect(await screen.findByRole('heading', { level: 2, name: /\(CPH\)$/ })).toBeTruthy();
  });

  it('asks a website at most every five minutes: Refresh waits, saying until when', async () => {
    const feeds = serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([`${CPH_ORIGIN}/*`]);
    render(<SidePanelApp />);
    await choose('CPH');
    await waitFor(() => expect(minutesShown()).toHaveLength(2));
    const refresh = await screen.findByRole('button', { name: 'Refresh' });
    await waitFor(() => expect((refresh as HTMLButtonElement).disabled).toBe(true));
    expect(refresh.getAttribute('aria-describedby')).toBe('refresh-floor');
    expect(document.getElementById('refresh-floor')!.textContent).toMatch(
      /^Copenhagen Airport's website updates every 5 minutes: Refresh asks again from /,
    );
    fireEvent.click(refresh);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(feeds.sent).toHaveLength(1);
  });

  it('a feed that lost a terminal’s value says so, and keeps the one it has', async () => {
    serveFeeds({ [CPH_HOST]: () => Response.json({ t2WaitingTimeInterval: '10-15', terminal3Wait: 4 }) });
    stubHostAccess([`${CPH_ORIGIN}/*`]);
    render(<SidePanelApp />);
    await choose('CPH');
    expect(await screen.findByText(`This airport's feed changed: no value for ${isolated('Terminal 3')}.`)).toBeTruthy();
    expect(minutesShown()).toEqual(['10–15 min', 'no value']);
  });

  it('a feed that changed altogether keeps the last good board, with its age, and says what happened', async () => {
    let answer = copenhagen;
    serveFeeds({ [CPH_HOST]: () => answer() });
    stubHostAccess([`${CPH_ORIGIN}/*`]);
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    await waitFor(() => expect(minutesShown()).toHaveLength(2));
    expect((await readBoard(SOURCES.cph.defaultUrl, 'CPH'))?.board.source).toBe('cph');
    // The next opening, after the five minutes: the feed is now something else.
    answer = () => Response.json({ queues: [] });
    await import('@/lib/db').then(async ({ getDb }) => {
      const db = await getDb();
      const saved = (await readBoard(SOURCES.cph.defaultUrl, 'CPH'))!;
      await db.put('waitBoards', { ...saved, fetchedAt: saved.fetchedAt - 6 * 60_000 });
    });
    document.body.innerHTML = '';
    render(<SidePanelApp />);
    expect(
      await screen.findByText(
        "Copenhagen Airport's website has changed its feed: it holds no wait time Pushgate can read. Pushgate tries again later.",
      ),
    ).toBeTruthy();
    expect(minutesShown()).toEqual(['10–15 min', '0–5 min']);
    expect(screen.getByText('Out of date')).toBeTruthy();
    expect(screen.getByText(/^The wait times below are the last ones received, at /)).toBeTruthy();
    expect((await airportFeedCalls.getValue()).counts).toEqual({ cph: 2 });
  });
});

describe('side panel: My flight where the feed names no flight', () => {
  it('Frankfurt: the gate finds the checkpoint that serves it, shown first, and counted for leave-by', async () => {
    serveFeeds({ [FRA_HOST]: frankfurt });
    stubHostAccess([`https://${FRA_HOST}/*`]);
    await myFlight.setValue({
      iata: 'FRA',
      flight: 'LH400',
      date: airportDate(Date.now(), 1, 'Europe/Berlin'),
      departs: '12:00',
      gate: 'B44',
    });
    await defaultAirport.setValue('FRA');
    render(<SidePanelApp />);
    const section = await screen.findByRole('region', { name: /^Your flight LH400, / });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.queue-name bdi')!.textContent),
    ).toEqual(['Security checkpoint, Concourse B']);
    const leave = await screen.findByRole('region', { name: 'When to leave for LH400' });
    expect(leave.querySelector('[aria-live="polite"]')!.textContent).toMatch(/^Be at security by .+ · leave by .+ \(German time\)$/);
    fireEvent.click(screen.getByRole('button', { name: /^My flight: / }));
    expect((screen.getByLabelText('Gate') as HTMLInputElement).value).toBe('B44');
    expect(document.getElementById('my-flight-panel')!.textContent).toMatch(
      /Counted: a wait of 15 min, the longest at the checkpoints for gate B44; 45 min to the airport; 20 min from security to the gate\. An interval or a bound counts at its upper end\./,
    );
  });

  it('Copenhagen: the terminal chosen, its longest queue, not the flight’s own checkpoint', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([`${CPH_ORIGIN}/*`]);
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    await waitFor(() => expect(minutesShown()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /^My flight: / }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Flight' }), { target: { value: 'SK1401' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    fireEvent.input(screen.getByLabelText('Departs'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Terminal'), { target: { value: 'T2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my flight' }));
    await waitFor(async () => expect(await myFlight.getValue()).toMatchObject({ iata: 'CPH', terminal: 'T2', departs: '09:00' }));
    const leave = await screen.findByRole('region', { name: 'When to leave for SK1401' });
    expect(leave.querySelector('[aria-live="polite"]')!.textContent).toMatch(/^Be at security by .+ \(Copenhagen time\)$/);
    fireEvent.click(screen.getByRole('button', { name: /^My flight: / }));
    expect(document.getElementById('my-flight-panel')!.textContent).toMatch(
      /a wait of 15 min, the longest in \u2068T2\u2069, not your flight's own checkpoint: the airport does not say which one serves a flight/,
    );
    // Nothing about the flight went anywhere: the one request is the board's.
    expect(vi.mocked(globalThis.fetch).mock.calls).toHaveLength(1);
  });
});

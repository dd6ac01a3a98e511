import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { getDb, type QueueReading } from '@/lib/db';
import { slotAt } from '@/lib/readings/slot';
import { keepReadings } from '@/lib/readings/store';
import { SOURCES } from '@/lib/airport/sources/catalog';
import { saveBoard } from '@/lib/wait-times/cache';
import { airportPanelFocus, airportWatches, airportWatchesEnded, airportWatchesState, defaultAirport, myFlight } from '@/lib/settings';
import { wallClock } from '@/lib/airport/zone';
import type { Watch } from '@/lib/watches/types';
import { answerSentMessages } from '@/test/support/extension-messages';
import { isolated } from '@/test/support/isolated';
import { serveFeeds, stubHostAccess } from './fixtures';

const CPH_HOST = 'cphwaitingtime.z6.web.core.windows.net';
const CPH_ORIGIN = `https://${CPH_HOST}/*`;
const DAY = 24 * 60 * 60_000;
const copenhagen = () => Response.json({ t2WaitingTimeInterval: '10-15', t3WaitingTimeInterval: '0-5', deliveryId: null });

/** A reading of Copenhagen's `checkpoint` `weeksAgo` weeks ago at this moment's quarter hour. */
function reading(checkpoint: string, weeksAgo: number, low: number, high: number): QueueReading {
  const at = Date.now() - weeksAgo * 7 * DAY;
  return { source: 'cph', iata: 'CPH', checkpoint, ...slotAt(at, 'Europe/Copenhagen'), at, low, high };
}

function watch(over: Partial<Watch> = {}): Watch {
  const now = Date.now();
  return {
    id: 'w1',
    iata: 'CPH',
    target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' },
    rule: { kind: 'under', minutes: 10 },
    setAt: now,
    endsAt: now + 6 * 60 * 60_000,
    ...over,
  };
}

const row = (name: string) =>
  screen.getAllByRole('listitem').find((item) => item.querySelector('.queue-name')?.textContent?.startsWith(name))!;

afterEach(() => {
  delete (fakeBrowser as unknown as { permissions?: object }).permissions;
});

describe('side panel: usual at this hour', () => {
  it('beside a checkpoint with three readings or more in this quarter hour or its neighbours, saying how many and on how many days; nothing below', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([CPH_ORIGIN]);
    await keepReadings([reading('T2', 1, 10, 15), reading('T2', 2, 5, 10), reading('T2', 3, 10, 15), reading('T3', 1, 0, 5)]);
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    // The board's own fetch adds today's reading to each: four for Terminal 2, two for Terminal 3.
    await waitFor(() =>
      expect(within(row('Terminal 2')).getByText(/^Usual for a /).textContent).toMatch(
        /^Usual for a [A-Z][a-z]+day at \d\d:\d\d( [AP]M)?: 10–15 min \(from 4 of your readings on 4 days\)$/,
      ),
    );
    expect(within(row('Terminal 3')).queryByText(/^Usual for a /)).toBeNull();
    expect(await (await getDb()).count('readings')).toBe(6);
  });
});

describe('side panel: watches', () => {
  it('offers a watch on each checkpoint, says what it costs before it is set, and hands it to the background', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([CPH_ORIGIN]);
    const sent = answerSentMessages();
    sent.mockImplementation(async (_type, data) => ({ ok: true, watch: { ...watch(), ...(data as object) } }));
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    const toggle = await screen.findByRole('button', { name: `Watch ${isolated('Terminal 2')}` });
    fireEvent.click(toggle);
    const form = screen.getByRole('form', { name: `Watch ${isolated('Terminal 2')}` });
    expect(within(form).getByRole('radio', { name: 'when it is under' })).toHaveProperty('checked', true);
    expect(
      within(form).getByText(/^Checked every 5 minutes until .+: at most 71 requests to Copenhagen Airport's website\.$/),
    ).toBeTruthy();

    // Already under 20: said, not set.
    fireEvent.input(within(form).getByRole('spinbutton', { name: 'Minutes' }), { target: { value: '20' } });
    expect(within(form).getByText('It is under 20 min already: 10–15 min.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Watch' })).toHaveProperty('disabled', true);
    fireEvent.input(within(form).getByRole('spinbutton', { name: 'Minutes' }), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Watch' }));
    expect(within(form).getByRole('alert').textContent).toBe('Enter whole minutes from 1 to 180.');
    expect(sent).not.toHaveBeenCalled();

    fireEvent.input(within(form).getByRole('spinbutton', { name: 'Minutes' }), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Watch' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(sent).toHaveBeenCalledWith('watches:add', {
      iata: 'CPH',
      target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' },
      rule: { kind: 'under', minutes: 10 },
    });
    expect(document.activeElement).toBe(toggle);
    expect(screen.getByRole('status').textContent).toBe('Watch set: Pushgate checks every 5 minutes and tells you in a notification.');
  });

  it('says why a watch was not set', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([CPH_ORIGIN]);
    answerSentMessages().mockResolvedValue({ ok: false, reason: 'too-many' });
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    fireEvent.click(await screen.findByRole('button', { name: `Watch ${isolated('Terminal 3')}` }));
    // Terminal 3 is under 10 already: over 10 it is.
    fireEvent.click(screen.getByRole('radio', { name: 'when it is over' }));
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect((await screen.findByRole('alert')).textContent).toBe('At most 10 watches at once: stop one first.');
  });

  it('offers none where the airport’s website may not be read', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([]);
    await saveBoard(
      SOURCES.cph.defaultUrl,
      {
        source: 'cph',
        iata: 'CPH',
        timeZone: 'Europe/Copenhagen',
        checkpoints: [
          { id: 'T2', name: 'Terminal 2', terminal: 'T2', fastTrack: false, wait: { kind: 'minutes', minutes: 4 }, measuredAt: null },
        ],
        measuredAt: null,
        activeStations: null,
      },
      Date.now() - 10 * 60_000,
    );
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    // Access was taken back since: the saved board is shown, the panel asks again, and offers no watch.
    await screen.findByRole('button', { name: `Allow reading ${CPH_HOST}` });
    expect(row('Terminal 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Watch / })).toBeNull();
  });

  it('lists the watches of every airport with Stop, what each last saw, why checks pause, and those that ended with why', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([CPH_ORIGIN]);
    const sent = answerSentMessages();
    sent.mockResolvedValue(true);
    await airportWatches.setValue([
      watch({ last: { wait: { kind: 'range', from: 10, to: 15 }, measuredAt: Date.now(), checkedAt: Date.now() } }),
      watch({ id: 'w2', iata: 'DUB', target: { kind: 'checkpoint', id: 'T1', name: 'Terminal 1' }, rule: { kind: 'over', minutes: 30 } }),
    ]);
    await airportWatchesEnded.setValue([
      { ...watch({ id: 'w0', target: { kind: 'checkpoint', id: 'T3', name: 'Terminal 3' } }), endedAt: Date.now(), reason: 'expired' },
    ]);
    await airportWatchesState.setValue({ lastCheckAt: Date.now(), paused: 'idle' });
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    const list = await screen.findByRole('region', { name: 'Watches' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')!.textContent);
    expect(items).toEqual([
      expect.stringMatching(new RegExp(`^${isolated('Terminal 2')}, Copenhagen Airport \\(CPH\\): under 10 min · until `)),
      expect.stringMatching(new RegExp(`^${isolated('Terminal 1')}, Dublin Airport \\(DUB\\): over 30 min · until `)),
      `${isolated('Terminal 3')}, Copenhagen Airport (CPH): under 10 min. Ended after 6 hours.`,
    ]);
    expect(within(list).getByText(/^Last checked .+: 10–15 min$/)).toBeTruthy();
    expect(within(list).getByText('Paused while you are away from this computer: checked again when you are back.')).toBeTruthy();
    // The row says it is watched, with its own Stop.
    await waitFor(() => expect(within(row('Terminal 2')).getByText(/^Watching: under 10 min, until /)).toBeTruthy());
    fireEvent.click(within(list).getByRole('button', { name: `Stop watching ${isolated('Terminal 1')}` }));
    expect(sent).toHaveBeenCalledWith('watches:stop', { id: 'w2' });
    fireEvent.click(within(list).getByRole('button', { name: `Remove ${isolated('Terminal 3')} from the list` }));
    expect(sent).toHaveBeenCalledWith('watches:dismiss', { id: 'w0' });
  });

  it('My flight: when the person would usually leave, and a watch that tells them to leave earlier, until the departure', async () => {
    serveFeeds({ [CPH_HOST]: copenhagen });
    stubHostAccess([CPH_ORIGIN]);
    const sent = answerSentMessages();
    sent.mockImplementation(async (_type, data) => ({ ok: true, watch: { ...watch(), ...(data as object) } }));
    // Three hours from now on Copenhagen's clock.
    const departure = Math.floor((Date.now() + 3 * 60 * 60_000) / 60_000) * 60_000;
    const wall = new Date(wallClock(departure, 'Europe/Copenhagen')).toISOString();
    const flight = { iata: 'CPH', flight: 'SK1415', date: wall.slice(0, 10), departs: wall.slice(11, 16) };
    await myFlight.setValue(flight);
    // At security 35 minutes before (20 to the gate, 15 of queue): three Tuesdays' readings of each terminal then.
    const securityAt = departure - 35 * 60_000;
    const then = (checkpoint: string, weeksAgo: number, low: number, high: number): QueueReading => {
      const at = securityAt - weeksAgo * 7 * DAY;
      return { source: 'cph', iata: 'CPH', checkpoint, ...slotAt(at, 'Europe/Copenhagen'), at, low, high };
    };
    await keepReadings([1, 2, 3].flatMap((weeks) => [then('T2', weeks, 20, 25), then('T3', weeks, 0, 5)]));
    await defaultAirport.setValue('CPH');
    render(<SidePanelApp />);
    // 25 min of usual queue, 20 to the gate and 45 to the airport: 90 minutes before the departure.
    const leave = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' }).format(
      departure - 90 * 60_000,
    );
    const usual = await screen.findByText(/^Usually you would leave by /);
    expect(usual.textContent).toMatch(
      new RegExp(
        `^Usually you would leave by ${leave}.*: the queue there is usually 20–25 min on a \\w+ at .+ \\(from 3 of your readings on 3 days\\)\\.$`,
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: `Watch ${isolated('The queue for SK1415')}` }));
    const form = screen.getByRole('form', { name: `Watch ${isolated('The queue for SK1415')}` });
    expect(within(form).getByRole('radio', { name: 'if I must leave earlier (by 10 min or more)' })).toHaveProperty('checked', true);
    expect(within(form).queryByRole('spinbutton')).toBeNull();
    // Until the departure: checks every five minutes for three hours.
    expect(
      within(form).getByText(/^Checked every 5 minutes until .+: at most 3[56] requests to Copenhagen Airport's website\.$/),
    ).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Watch' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith('watches:add', {
        iata: 'CPH',
        target: { kind: 'flight', flight, baselineMinutes: 15 },
        rule: { kind: 'leave-earlier' },
      }),
    );
  });
});

describe('side panel: opened by a watch’s notification', () => {
  it('switches to the airport it names and marks its checkpoint on that airport’s board, not on the one before with the same id', async () => {
    const dublin = () => Response.json({ T1: '= 5', T2: '= 12' });
    serveFeeds({ [CPH_HOST]: copenhagen, 'www.dublinairport.com': dublin });
    stubHostAccess([CPH_ORIGIN, 'https://www.dublinairport.com/*']);
    await defaultAirport.setValue('DUB');
    render(<SidePanelApp />);
    await waitFor(() => expect(row('Terminal 2')).toBeTruthy());
    expect(document.querySelector('[data-board-iata="DUB"]')).not.toBeNull();

    await airportPanelFocus.setValue({ iata: 'CPH', checkpoint: 'T2', at: Date.now() });
    await waitFor(() => expect(document.querySelector('[data-board-iata="CPH"] li.queue.is-focused')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: /\(CPH\)$/ })).toBeTruthy();
    expect([...document.querySelectorAll('li.queue.is-focused')].map((item) => item.querySelector('.wait-minutes')?.textContent)).toEqual([
      '10–15 min',
    ]);
    // Acted on once: the request is taken off storage.
    await waitFor(async () => expect(await airportPanelFocus.getValue()).toBeNull());
  });
});

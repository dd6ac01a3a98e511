import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup as cleanupRendered, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { readPaintSnapshot, snapshotOf, startOfSnapshot, type PaintSnapshot } from '@/lib/wait-times/snapshot';
import { readPanelStart, type PanelStart } from '@/lib/wait-times/panel-start';
import { airportDate } from '@/lib/airport/flight';
import type { Queue } from '@/lib/airport/types';
import { readBoard, saveAirportList, saveBoard } from '@/lib/wait-times/cache';
import { airportApiUrl, airportKeys, defaultAirport, favouriteAirports, myFlight, recentAirports } from '@/lib/settings';
import { SOURCES } from '@/lib/airport/sources/catalog';
import type { AirportBoard } from '@/lib/airport/airport-board';
import { AIRPORTS, BASE_URL, INFO, PRIMARY, apiBoard, arnQueues, configure, json, serveAirportApi, waitBody } from './fixtures';

/** Where the panel keeps its snapshot: a new name would strand every saved one. */
const PAINT_SNAPSHOT_KEY = 'pushgate.sidepanelPaint';
const never = () => new Promise<Response>(() => undefined);
const MINUTE = 60_000;

const minutesShown = () => [...document.querySelectorAll('.wait-minutes')].map((cell) => cell.textContent);

async function savedArn(queues: Queue[], fetchedAt = Date.now() - MINUTE) {
  await saveBoard(BASE_URL, apiBoard(queues), fetchedAt);
  await defaultAirport.setValue('ARN');
}

/**
 * An opening of the panel as entrypoints/sidepanel/main.tsx does it: the read started, the paint
 * snapshot read without waiting, and the panel drawn from it. `hold` keeps the read back until
 * `release()`, to look at what the snapshot drew.
 */
function openPanel({ hold = false } = {}) {
  const read = readPanelStart();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const reading = hold ? held.then(() => read) : read;
  const snapshot = readPaintSnapshot('en');
  const view = render(<SidePanelApp snapshot={snapshot && startOfSnapshot(snapshot)} reading={reading} />);
  return { ...view, snapshot, read, release };
}

/** Opens and closes a panel once, so that the next opening finds the snapshot this one left. */
async function openAndClose() {
  const { read, unmount } = openPanel();
  await read;
  await waitFor(() => expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('false'));
  unmount();
}

/** Preact runs effects (the panel's storage listeners among them) after the next frame. */
const afterEffects = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** What the read of the current storage would keep as the snapshot. */
async function snapshotOfRead(): Promise<PaintSnapshot | null> {
  const start: PanelStart = await readPanelStart();
  return snapshotOf({ ...start, airports: start.airportList?.airports ?? null }, 'en');
}

beforeEach(async () => {
  localStorage.clear();
  // One clock for both drawings: "3 min ago" and today's date are the same in each.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-09-29T13:30:00Z') });
  serveAirportApi(never);
  await configure();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the side panel paint snapshot', () => {
  it('is written when the saved board is shown from IndexedDB, and holds no key and no API address', async () => {
    await configure({ primary: PRIMARY, secondary: '', info: INFO });
    await saveAirportList(BASE_URL, AIRPORTS);
    await savedArn(arnQueues(3));
    await favouriteAirports.setValue(['ARN']);
    const { snapshot } = openPanel();
    expect(snapshot).toBeNull();
    await waitFor(() => expect(readPaintSnapshot('en')?.iata).toBe('ARN'));
    const saved = readPaintSnapshot('en');
    expect(saved?.board.checkpoints.map((checkpoint) => checkpoint.wait)).toEqual(
      [4, 0, 0, 1, 0, 1, 2].map((minutes) => ({ kind: 'minutes', minutes })),
    );
    expect(saved?.favourites).toEqual(['ARN']);
    const text = localStorage.getItem(PAINT_SNAPSHOT_KEY)!;
    for (const secret of [PRIMARY, INFO, BASE_URL, 'api.swedavia.se']) expect(text).not.toContain(secret);
  });

  it('draws the last board, usable, before any storage or IndexedDB read; the read then keeps the same nodes', async () => {
    await configure({ primary: PRIMARY, secondary: '', info: INFO });
    await saveAirportList(BASE_URL, AIRPORTS);
    await savedArn(arnQueues(40, [44, 0, 0, 1, 0, 1, 2]));
    await favouriteAirports.setValue(['GOT', 'ARN']);
    await recentAirports.setValue(['ARN', 'MMX']);
    await myFlight.setValue({ iata: 'ARN', flight: 'SK1415', date: airportDate(Date.now(), 1), departs: '07:05' });
    await openAndClose();

    // What was on screen when storage or IndexedDB was first asked for anything.
    const rowsAtFirstRead: number[] = [];
    const noteRows = () => rowsAtFirstRead.push(document.querySelectorAll('li.queue').length);
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(((keys: never) => {
      noteRows();
      return get(keys);
    }) as never);
    const open = indexedDB.open.bind(indexedDB);
    vi.spyOn(indexedDB, 'open').mockImplementation((...args) => {
      noteRows();
      return open(...args);
    });
    const snapshot = readPaintSnapshot('en')!;
    render(<SidePanelApp snapshot={startOfSnapshot(snapshot)} reading={new Promise(() => undefined)} />);
    expect(rowsAtFirstRead.every((rows) => rows === 7)).toBe(true);
    expect(minutesShown()).toEqual(['44 min', '0 min', '0 min', '1 min', '0 min', '2 min', '1 min']);
    const field = screen.getByRole('combobox', { name: 'Airport' }) as HTMLInputElement;
    expect(field.disabled).toBe(false);
    expect(field.closest('[inert]')).toBeNull();
    expect(screen.getByRole('button', { name: /Favourite/ })).toBeTruthy();
    // My flight with its departure time, as the read will have it: its line does not change under the person's eyes.
    expect(screen.getByRole('button', { name: /^My flight: SK1415, .+ · 07:05/ })).toBeTruthy();
    cleanupRendered();

    // The read agrees: the rows stay, node for node.
    const { release } = openPanel({ hold: true });
    const rows = [...document.querySelectorAll('li.queue')];
    expect(rows).toHaveLength(7);
    release();
    await waitFor(() => expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('false'));
    expect([...document.querySelectorAll('li.queue')]).toEqual(rows);
  });

  it('sends nothing before the read has arrived, however old the drawn board', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues(0))));
    await savedArn(arnQueues(3), Date.now() - 60 * MINUTE);
    await myFlight.setValue({ iata: 'ARN', flight: 'SK1415', date: airportDate(Date.now(), 0) });
    await openAndClose();
    api.fetchMock.mockClear();
    const { release } = openPanel({ hold: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.fetchMock).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(api.waitRequests().length).toBeGreaterThan(0));
  });

  it('is written when the live panel draws a board from the network, as the next read will find it', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues(0, [12, 0, 0, 1, 0, 1, 2]))));
    await savedArn(arnQueues(30), Date.now() - 30 * MINUTE);
    openPanel();
    expect(await screen.findByText('12 min')).toBeTruthy();
    await waitFor(() => expect(readPaintSnapshot('en')?.board.checkpoints[0]?.wait).toEqual({ kind: 'minutes', minutes: 12 }));
    expect(api.waitRequests().filter((request) => !request.path.includes('/flights'))).toHaveLength(1);
    expect(readPaintSnapshot('en')!.fetchedAt).toBe((await readBoard(BASE_URL, 'ARN'))!.fetchedAt);
    expect(readPaintSnapshot('en')).toEqual(await snapshotOfRead());

    // A favourite changes what is drawn: the snapshot follows.
    fireEvent.click(screen.getByRole('button', { name: /Favourite/ }));
    await waitFor(() => expect(readPaintSnapshot('en')?.favourites).toEqual(['ARN']));
  });

  it.each([
    [
      'IndexedDB has a newer board',
      () => savedArn(arnQueues(1, [9, 0, 0, 1, 0, 1, 2]), Date.now()),
      ['9 min', '0 min', '0 min', '1 min', '0 min', '2 min', '1 min'],
    ],
    [
      'the opening airport is another',
      () => saveBoard(BASE_URL, apiBoard(arnQueues(1, [9, 0, 0, 1, 0, 1, 2]), 'GOT')).then(() => defaultAirport.setValue('GOT')),
      ['9 min', '0 min', '0 min', '1 min', '0 min', '2 min', '1 min'],
    ],
    ['the favourites changed', () => favouriteAirports.setValue(['ARN']), ['4 min', '0 min', '0 min', '1 min', '0 min', '2 min', '1 min']],
  ])('is corrected by the read when %s: shown and saved anew', async (_case, change, after) => {
    await savedArn(arnQueues(3), Date.now() - 2 * MINUTE);
    await openAndClose();
    await change();
    const { release } = openPanel({ hold: true });
    expect(minutesShown()).toEqual(['4 min', '0 min', '0 min', '1 min', '0 min', '2 min', '1 min']);
    release();
    await waitFor(() => expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('false'));
    await waitFor(() => expect(minutesShown()).toEqual(after));
    const expected = await snapshotOfRead();
    await waitFor(() => expect(readPaintSnapshot('en')).toEqual(expected));
  });

  it.each([
    ['not JSON', '{"v":1,'],
    ['of another version', (snapshot: PaintSnapshot) => JSON.stringify({ ...snapshot, v: 0 })],
    ['of another language', (snapshot: PaintSnapshot) => JSON.stringify({ ...snapshot, lang: 'sv' })],
    [
      'malformed',
      (snapshot: PaintSnapshot) => JSON.stringify({ ...snapshot, board: { ...snapshot.board, checkpoints: [{ id: 1, name: 5 }] } }),
    ],
    [
      'of the older shape',
      (snapshot: PaintSnapshot) => JSON.stringify({ ...snapshot, v: 1, board: { queues: [], measuredAt: null, fetchedAt: 1 } }),
    ],
  ])('is not drawn when %s; the read draws and saves a good one', async (_case, spoil) => {
    await savedArn(arnQueues(3));
    await openAndClose();
    const good = readPaintSnapshot('en')!;
    localStorage.setItem(PAINT_SNAPSHOT_KEY, typeof spoil === 'string' ? spoil : spoil(good));
    const { snapshot, read } = openPanel();
    expect(snapshot).toBeNull();
    expect(minutesShown()).toEqual([]);
    await read;
    await waitFor(() => expect(minutesShown()).toHaveLength(7));
    expect(readPaintSnapshot('en')).toEqual(good);
  });

  it('draws a website’s board (Copenhagen, no key needed) from the snapshot before any read, on Copenhagen’s clock, saying where it is from', async () => {
    await airportKeys.setValue({ primary: '', secondary: '' });
    const cph: AirportBoard = {
      source: 'cph',
      iata: 'CPH',
      timeZone: 'Europe/Copenhagen',
      measuredAt: '2026-09-29T13:27:04Z',
      activeStations: null,
      checkpoints: [
        {
          id: 'T2',
          name: 'Terminal 2',
          terminal: 'T2',
          fastTrack: false,
          wait: { kind: 'range', from: 10, to: 15 },
          measuredAt: '2026-09-29T13:27:04Z',
        },
        { id: 'T3', name: 'Terminal 3', terminal: 'T3', fastTrack: false, wait: null, measuredAt: '2026-09-29T13:27:04Z' },
      ],
    };
    await saveBoard(SOURCES.cph.defaultUrl, cph, Date.now() - MINUTE);
    await defaultAirport.setValue('CPH');
    await openAndClose();
    expect(readPaintSnapshot('en')?.board).toEqual(cph);
    const { release } = openPanel({ hold: true });
    expect(minutesShown()).toEqual(['10–15 min', 'no value']);
    expect(screen.getByText(/^From Copenhagen Airport's website: published for its visitors, not an official API\.$/)).toBeTruthy();
    expect(screen.getByText(/^This airport's feed changed: no value for/)).toBeTruthy();
    expect(document.querySelector('.measured')!.textContent).toMatch(
      /^Measured (15:27|03:27\sPM) (\(2 min ago\)|\(Copenhagen time\), 2 min ago)$/,
    );
    const rows = [...document.querySelectorAll('li.queue')];
    release();
    await waitFor(() => expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('false'));
    expect([...document.querySelectorAll('li.queue')]).toEqual(rows);
  });

  it.each([
    ['the airport key is removed', () => airportKeys.setValue({ primary: '', secondary: '' })],
    ['the API address is removed', () => airportApiUrl.setValue('')],
    ['IndexedDB lost the saved board', async () => (await import('@/lib/db')).getDb().then((db) => db.clear('waitBoards'))],
  ])('goes, with its drawing, when %s', async (_case, change) => {
    await savedArn(arnQueues(3));
    await openAndClose();
    await change();
    const { snapshot, read } = openPanel();
    expect(snapshot).not.toBeNull();
    await read;
    await waitFor(() => expect(minutesShown()).toEqual([]));
    expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull();
  });

  it('goes while the panel is open when the airport settings are removed', async () => {
    await savedArn(arnQueues(3));
    openPanel();
    await screen.findAllByRole('listitem');
    // The panel listens for changes from its effects, which run after it is on screen.
    await afterEffects();
    await airportKeys.setValue({ primary: '', secondary: '' });
    await waitFor(() => expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull());
  });

  it("goes while the panel is open when the API address changes: the board shown is the old address's", async () => {
    await savedArn(arnQueues(3));
    openPanel();
    await screen.findAllByRole('listitem');
    await waitFor(() => expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).not.toBeNull());
    await afterEffects();
    await airportApiUrl.setValue('https://other.example');
    await waitFor(() => expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull());
    // Still shown, and a favourite chosen now does not bring the old address's board back into the snapshot.
    fireEvent.click(screen.getByRole('button', { name: /Favourite/ }));
    await waitFor(async () => expect(await favouriteAirports.getValue()).toEqual(['ARN']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull();
  });
});

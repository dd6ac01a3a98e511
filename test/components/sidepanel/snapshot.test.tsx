import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { paintSnapshot, settleFirstPaint } from '@/components/sidepanel/early-paint';
import { PAINT_SNAPSHOT_KEY, readPaintSnapshot, sameSnapshot, snapshotOf, type PaintSnapshot } from '@/lib/wait-times/snapshot';
import { readPanelStartEarly, takePanelStart } from '@/lib/wait-times/panel-start';
import { airportDate } from '@/lib/airport/flight';
import type { Queue } from '@/lib/airport/types';
import { readBoard, saveAirportList, saveBoard } from '@/lib/wait-times/cache';
import { airportApiUrl, airportKeys, defaultAirport, favouriteAirports, myFlight, recentAirports } from '@/lib/settings';
import { domShape } from './dom-shape';
import { AIRPORTS, BASE_URL, INFO, PRIMARY, arnQueues, configure, json, serveAirportApi, waitBody } from './fixtures';

const never = () => new Promise<Response>(() => undefined);
const MINUTE = 60_000;

/** `main` as text, without what only one side has: `inert` (the first paint) and the calls counter (the live panel). */
function mainShape(main: Element): string {
  const copy = main.cloneNode(true) as Element;
  copy.removeAttribute('inert');
  copy.querySelector('p.calls')?.remove();
  for (const [index, input] of main.querySelectorAll('input').entries()) (copy.querySelectorAll('input')[index] as HTMLInputElement).value = input.value;
  return domShape(copy);
}

const minutesShown = (app: Element) => [...app.querySelectorAll('.wait-minutes')].map((cell) => cell.textContent);

async function savedArn(queues: Queue[], fetchedAt = Date.now() - MINUTE) {
  await saveBoard(BASE_URL, 'ARN', { queues, measuredAt: queues[0]!.measuredAt }, fetchedAt);
  await defaultAirport.setValue('ARN');
}

/**
 * An opening of the panel as entrypoints/sidepanel/main.ts does it, up to the read's check. The read
 * is left for the components when they are rendered next, else taken (the next opening reads anew).
 */
async function openFirstPaint(app: HTMLElement = document.createElement('div'), { components = false } = {}) {
  const reading = readPanelStartEarly();
  const painted = paintSnapshot(app, 'en');
  const paintedRows = minutesShown(app);
  settleFirstPaint(app, await reading, painted, 'en');
  if (!components) await takePanelStart();
  return { app, painted, paintedRows };
}

/** What the read of the current storage would keep as the snapshot. */
async function snapshotOfRead(): Promise<PaintSnapshot | null> {
  const start = await takePanelStart();
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
  // The early read of an opening that ended before the components took it.
  void takePanelStart().catch(() => undefined);
});

describe('the side panel paint cache', () => {
  it('is written when the saved board is drawn from IndexedDB, and holds no key and no API address', async () => {
    await configure({ primary: PRIMARY, secondary: '', info: INFO });
    await saveAirportList(BASE_URL, AIRPORTS);
    await savedArn(arnQueues(3));
    await favouriteAirports.setValue(['ARN']);
    const { painted, paintedRows } = await openFirstPaint();
    expect(painted).toBeNull();
    expect(paintedRows).toEqual([]);
    const saved = readPaintSnapshot('en');
    expect(saved?.iata).toBe('ARN');
    expect(saved?.board.queues.map((queue) => queue.minutes)).toEqual([4, 0, 0, 1, 0, 1, 2]);
    expect(saved?.favourites).toEqual(['ARN']);
    const text = localStorage.getItem(PAINT_SNAPSHOT_KEY)!;
    for (const secret of [PRIMARY, INFO, BASE_URL, 'swedavia']) expect(text).not.toContain(secret);
  });

  it('draws the board at the next opening before any storage or IndexedDB read, as the same DOM as the live panel', async () => {
    await configure({ primary: PRIMARY, secondary: '', info: INFO });
    await saveAirportList(BASE_URL, AIRPORTS);
    await savedArn(arnQueues(40, [44, 0, 0, 1, 0, 1, 2]));
    await favouriteAirports.setValue(['GOT', 'ARN']);
    await recentAirports.setValue(['ARN', 'MMX']);
    await myFlight.setValue({ iata: 'ARN', flight: 'SK1415', date: airportDate(Date.now(), 1) });
    await openFirstPaint();

    const storageRead = vi.spyOn(fakeBrowser.storage.local, 'get');
    const databaseOpen = vi.spyOn(indexedDB, 'open');
    const app = document.createElement('div');
    document.body.append(app);
    const painted = paintSnapshot(app, 'en');
    expect(painted).not.toBeNull();
    expect(storageRead).not.toHaveBeenCalled();
    expect(databaseOpen).not.toHaveBeenCalled();
    expect(minutesShown(app)).toEqual(['44 min', '0 min', '0 min', '1 min', '0 min', '2 min', '1 min']);
    const drawn = app.querySelector('main')!;
    expect(drawn.hasAttribute('inert')).toBe(true);
    const drawnShape = mainShape(drawn);

    // The read agrees: the drawing stays, node for node, and the components take those nodes over.
    const rows = [...app.querySelectorAll('li.queue')];
    settleFirstPaint(app, await readPanelStartEarly(), painted, 'en');
    expect(app.querySelector('main')).toBe(drawn);
    render(<SidePanelApp />, { container: app });
    await screen.findAllByRole('listitem');
    expect(app.querySelectorAll('main')).toHaveLength(1);
    expect(app.querySelector('main')!.hasAttribute('inert')).toBe(false);
    expect([...app.querySelectorAll('li.queue')]).toEqual(rows);
    expect(mainShape(app.querySelector('main')!)).toBe(drawnShape);
  });

  it('is written when the live panel draws a board from the network, as the next read will find it', async () => {
    const api = serveAirportApi(() => json(waitBody(arnQueues(0, [12, 0, 0, 1, 0, 1, 2]))));
    await savedArn(arnQueues(30), Date.now() - 30 * MINUTE);
    await openFirstPaint(undefined, { components: true });
    render(<SidePanelApp />);
    expect(await screen.findByText('12 min')).toBeTruthy();
    await waitFor(() => expect(readPaintSnapshot('en')?.board.queues[0]!.minutes).toBe(12));
    // (A flight request of the previous test's panel, begun before it closed, may land here too.)
    expect(api.waitRequests().filter((request) => !request.path.includes('/flights'))).toHaveLength(1);
    expect(readPaintSnapshot('en')!.board.fetchedAt).toBe((await readBoard(BASE_URL, 'ARN'))!.fetchedAt);
    expect(sameSnapshot(readPaintSnapshot('en'), await snapshotOfRead())).toBe(true);

    // A favourite changes what is drawn: the snapshot follows.
    fireEvent.click(screen.getByRole('button', { name: /Favourite/ }));
    await waitFor(() => expect(readPaintSnapshot('en')?.favourites).toEqual(['ARN']));
  });

  it.each([
    ['IndexedDB has a newer board', () => savedArn(arnQueues(1, [9, 0, 0, 1, 0, 1, 2]), Date.now())],
    ['the opening airport is another', () => saveBoard(BASE_URL, 'GOT', { queues: arnQueues(1, [9, 0, 0, 1, 0, 1, 2]), measuredAt: null }).then(() => defaultAirport.setValue('GOT'))],
    ['the favourites changed', () => favouriteAirports.setValue(['ARN'])],
  ])('is corrected by the read when %s: drawn again from IndexedDB and saved anew', async (_case, change) => {
    await savedArn(arnQueues(3), Date.now() - 2 * MINUTE);
    await openFirstPaint();
    await change();
    const { app, painted, paintedRows } = await openFirstPaint();
    expect(painted).not.toBeNull();
    expect(paintedRows).toEqual(['4 min', '0 min', '0 min', '1 min', '0 min', '2 min', '1 min']);
    const expected = document.createElement('div');
    const read = await takePanelStart();
    settleFirstPaint(expected, read, null, 'en');
    expect(mainShape(app.querySelector('main')!)).toBe(mainShape(expected.querySelector('main')!));
    expect(sameSnapshot(readPaintSnapshot('en'), await snapshotOfRead())).toBe(true);
  });

  it.each([
    ['not JSON', '{"v":1,'],
    ['of another version', (snapshot: PaintSnapshot) => JSON.stringify({ ...snapshot, v: 0 })],
    ['of another language', (snapshot: PaintSnapshot) => JSON.stringify({ ...snapshot, lang: 'sv' })],
    ['malformed', (snapshot: PaintSnapshot) => JSON.stringify({ ...snapshot, board: { ...snapshot.board, queues: [{ id: 1, name: 5 }] } })],
  ])('is not drawn when %s; the read draws and saves a good one', async (_case, spoil) => {
    await savedArn(arnQueues(3));
    await openFirstPaint();
    const good = readPaintSnapshot('en')!;
    localStorage.setItem(PAINT_SNAPSHOT_KEY, typeof spoil === 'string' ? spoil : spoil(good));
    const app = document.createElement('div');
    expect(paintSnapshot(app, 'en')).toBeNull();
    expect(app.childNodes).toHaveLength(0);
    await openFirstPaint(app);
    expect(minutesShown(app)).toHaveLength(7);
    expect(sameSnapshot(readPaintSnapshot('en'), good)).toBe(true);
  });

  it.each([
    ['the airport key is removed', () => airportKeys.setValue({ primary: '', secondary: '' })],
    ['the API address is removed', () => airportApiUrl.setValue('')],
    ['IndexedDB lost the saved board', async () => (await import('@/lib/db')).getDb().then((db) => db.clear('waitBoards'))],
  ])('goes, with its drawing, when %s', async (_case, change) => {
    await savedArn(arnQueues(3));
    await openFirstPaint();
    await change();
    const { app, painted } = await openFirstPaint();
    expect(painted).not.toBeNull();
    expect(app.childNodes).toHaveLength(0);
    expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull();
  });

  it('goes while the panel is open when the airport settings are removed', async () => {
    await savedArn(arnQueues(3));
    await openFirstPaint(undefined, { components: true });
    render(<SidePanelApp />);
    await screen.findAllByRole('listitem');
    await airportKeys.setValue({ primary: '', secondary: '' });
    await waitFor(() => expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull());
  });

  it('goes while the panel is open when the API address changes: the board shown is the old address\'s', async () => {
    await savedArn(arnQueues(3));
    await openFirstPaint(undefined, { components: true });
    render(<SidePanelApp />);
    await screen.findAllByRole('listitem');
    await airportApiUrl.setValue('https://other.example');
    await waitFor(() => expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull());
    // Still shown, and a favourite chosen now does not bring the old address's board back into the cache.
    fireEvent.click(screen.getByRole('button', { name: /Favourite/ }));
    await waitFor(async () => expect(await favouriteAirports.getValue()).toEqual(['ARN']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull();
  });
});

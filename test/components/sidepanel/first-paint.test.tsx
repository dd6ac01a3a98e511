import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { paintSavedPanel } from '@/components/sidepanel/first-paint';
import { snapshotOf, startOfSnapshot } from '@/lib/wait-times/snapshot';
import { readPanelStartEarly, takePanelStart } from '@/lib/wait-times/panel-start';
import { airportDate } from '@/lib/airport/flight';
import type { Queue } from '@/lib/airport/types';
import { saveAirportList, saveBoard } from '@/lib/wait-times/cache';
import { defaultAirport, favouriteAirports, myFlight, recentAirports } from '@/lib/settings';
import { domShape } from './dom-shape';
import { AIRPORTS, BASE_URL, INFO, PRIMARY, arnQueues, configure, serveAirportApi } from './fixtures';

const never = () => new Promise<Response>(() => undefined);
const MINUTE = 60_000;

/** The live panel's DOM, minus what the first paint leaves to the components (the calls counter below the board). */
function liveShape(main: Element): string {
  const copy = main.cloneNode(true) as Element;
  copy.querySelector('p.calls')?.remove();
  for (const [index, input] of main.querySelectorAll('input').entries()) (copy.querySelectorAll('input')[index] as HTMLInputElement).value = input.value;
  return domShape(copy);
}

/** The first paint without the `inert` the components take away. */
function paintedShape(main: Element): string {
  const copy = main.cloneNode(true) as Element;
  copy.removeAttribute('inert');
  for (const [index, input] of main.querySelectorAll('input').entries()) (copy.querySelectorAll('input')[index] as HTMLInputElement).value = input.value;
  return domShape(copy);
}

async function savedArn(queues: Queue[], extra: { activeStations?: number } = {}) {
  // Younger than the refresh interval: the live panel sends nothing, so it stays as first rendered.
  await saveBoard(BASE_URL, 'ARN', { queues, measuredAt: queues[0]!.measuredAt, ...extra }, Date.now() - MINUTE);
  await defaultAirport.setValue('ARN');
}

/**
 * The first paint of a fresh read, the first paint of the paint cache that read keeps
 * (lib/wait-times/snapshot.ts, drawn at the next opening), and the live panel's first
 * render of the same storage.
 */
async function bothPanels() {
  const painted = document.createElement('div');
  const start = await takePanelStart();
  expect(paintSavedPanel(painted, start)).toBe(true);
  const snapshot = snapshotOf({ ...start, airports: start.airportList?.airports ?? null }, browser.i18n.getUILanguage());
  const fromSnapshot = document.createElement('div');
  expect(paintSavedPanel(fromSnapshot, startOfSnapshot(JSON.parse(JSON.stringify(snapshot))))).toBe(true);
  render(<SidePanelApp />);
  await screen.findAllByRole('listitem');
  return { painted: painted.querySelector('main')!, fromSnapshot: fromSnapshot.querySelector('main')!, live: document.querySelector('main')! };
}

beforeEach(async () => {
  // One clock for both renders: "3 min ago" and today's date are the same in each.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-09-29T13:30:00Z') });
  serveAirportApi(never);
  await configure();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the side panel first paint', () => {
  it('is the DOM of the live panel, row for row: a fresh board, no favourites, the shipped airport names', async () => {
    await savedArn(arnQueues(3));
    const { painted, fromSnapshot, live } = await bothPanels();
    expect(painted.querySelectorAll('li.queue')).toHaveLength(7);
    expect(paintedShape(painted)).toBe(liveShape(live));
    expect(paintedShape(fromSnapshot)).toBe(liveShape(live));
  });

  it('is the DOM of the live panel: out of date, unmeasured lanes, favourites and recent airports, a flight, a saved list', async () => {
    await configure({ primary: PRIMARY, secondary: '', info: INFO });
    await saveAirportList(BASE_URL, AIRPORTS);
    const queues = arnQueues(40, [44, 0, 0, 1, 0, 1, 2]).map((queue, i) => (i === 2 ? { ...queue, overflow: true, minutes: 16 } : queue));
    await savedArn(queues, { activeStations: 5 });
    await favouriteAirports.setValue(['GOT', 'ARN']);
    await recentAirports.setValue(['ARN', 'MMX', 'GOT']);
    await myFlight.setValue({ iata: 'ARN', flight: 'SK1415', date: airportDate(Date.now(), 1) });
    const { painted, fromSnapshot, live } = await bothPanels();
    expect(painted.querySelector('.board.is-stale')).not.toBeNull();
    expect(painted.querySelector('.unmeasured')).not.toBeNull();
    expect(painted.querySelector('nav.shortcuts')).not.toBeNull();
    expect((painted.querySelector('#flight-number') as HTMLInputElement).value).toBe('SK1415');
    expect(paintedShape(painted)).toBe(liveShape(live));
    expect(paintedShape(fromSnapshot)).toBe(liveShape(live));
  });

  it('is the DOM of the live panel in Swedish', async () => {
    const { loadMessages, makeGetMessage } = await import('../../support/messages');
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    (fakeBrowser as unknown as { i18n: object }).i18n = { getMessage: makeGetMessage(loadMessages('sv')), getUILanguage: () => 'sv' };
    await savedArn(arnQueues(3));
    const { painted, fromSnapshot, live } = await bothPanels();
    expect(painted.querySelector('h1')!.textContent).not.toBe('Airport security wait times');
    expect(paintedShape(painted)).toBe(liveShape(live));
    expect(paintedShape(fromSnapshot)).toBe(liveShape(live));
  });

  it('draws nothing without a saved board or without a key: the components show those panels', async () => {
    await defaultAirport.setValue('ARN');
    const app = document.createElement('div');
    expect(paintSavedPanel(app, await takePanelStart())).toBe(false);
    await configure({ primary: '', secondary: '' });
    await savedArn(arnQueues(3));
    expect(paintSavedPanel(app, await takePanelStart())).toBe(false);
    expect(app.childNodes).toHaveLength(0);
  });

  it('asks the browser once per drawing for each text the rows repeat, and keeps none of them', async () => {
    await savedArn(arnQueues(3));
    const start = await takePanelStart();
    const getMessage = vi.spyOn(browser.i18n, 'getMessage');
    const asked = (key: string) => getMessage.mock.calls.filter(([asked]) => asked === key).length;
    paintSavedPanel(document.createElement('div'), start);
    // Seven rows, each with a map link and a short wait; three are FastTrack.
    expect([asked('sidepanelMap'), asked('airportLevelShort'), asked('sidepanelFastTrack'), asked('sidepanelMapLabel')]).toEqual([1, 1, 1, 7]);
    paintSavedPanel(document.createElement('div'), start);
    expect([asked('sidepanelMap'), asked('airportLevelShort'), asked('sidepanelFastTrack')]).toEqual([2, 2, 2]);
    getMessage.mockRestore();
  });

  it('renders server text as text, never as markup', async () => {
    const queues = arnQueues(3).map((queue, i) => (i === 0 ? { ...queue, name: '<img src=x onerror=alert(1)>T2' } : queue));
    await savedArn(queues);
    const painted = document.createElement('div');
    paintSavedPanel(painted, await takePanelStart());
    expect(painted.querySelector('img')).toBeNull();
    expect(painted.textContent).toContain('<img src=x onerror=alert(1)>T2');
  });

  it('is taken over by the components: the same nodes, made live, no longer inert', async () => {
    await savedArn(arnQueues(3));
    const app = document.createElement('div');
    document.body.append(app);
    // As entrypoints/sidepanel/main.ts: the early read, drawn, then the components.
    paintSavedPanel(app, await readPanelStartEarly());
    const rows = [...app.querySelectorAll('li.queue')];
    const field = app.querySelector('#airport-code');
    expect(app.querySelector('main')!.hasAttribute('inert')).toBe(true);
    render(<SidePanelApp />, { container: app });
    expect(app.querySelectorAll('main')).toHaveLength(1);
    expect(app.querySelector('main')!.hasAttribute('inert')).toBe(false);
    expect([...app.querySelectorAll('li.queue')]).toEqual(rows);
    expect(app.querySelector('#airport-code')).toBe(field);
    // Live: the favourite toggle now works.
    fireEvent.click(screen.getByRole('button', { name: /Favourite/ }));
    await waitFor(async () => expect(await favouriteAirports.getValue()).toEqual(['ARN']));
  });
});

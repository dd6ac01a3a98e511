import { browser } from 'wxt/browser';
import { airportLabel, groupByTerminal, isStale, mapUrl, unmeasuredCount, waitLevel } from '@/lib/airport/board';
import { airportDate } from '@/lib/airport/flight';
import { measuredText, waitLevelText, waitText } from '@/lib/wait-times/format';
import { SWEDAVIA_AIRPORTS } from '@/lib/airport/swedavia-airports';
import type { Queue } from '@/lib/airport/types';
import { localizeDocument, t } from '@/lib/i18n';
import type { PanelStart } from '../../lib/wait-times/panel-start';

/**
 * The panel with its saved board as plain DOM, drawn by entrypoints/sidepanel/main.ts (./early-paint)
 * from the paint cache at once, or as soon as the read arrives, before Preact and the components are fetched. It is the same markup as the
 * first render of SidePanelApp for that start (test/components/sidepanel/first-paint.test.tsx holds
 * the two together), so Preact's render() takes these very nodes over: nothing moves. Until then
 * the panel is `inert` (nothing typed before the takeover could be lost). Server text (queue and
 * terminal names) goes in as text nodes only.
 *
 * Drawn only for a set-up panel with a saved board; anything else waits for Preact as before.
 * @returns whether it drew.
 */
export function paintSavedPanel(app: HTMLElement, start: PanelStart, now: number = Date.now()): boolean {
  const { settings, iata, board } = start;
  if (!settings.configured || !iata || !board) return false;
  const lang = browser.i18n.getUILanguage();
  const airports = start.airportList?.airports ?? SWEDAVIA_AIRPORTS;
  const nameOf = (code: string): string => {
    const airport = airports.find((candidate) => candidate.iata === code);
    return airport ? airportLabel(airport, lang) : code;
  };
  const title = nameOf(iata) === iata ? iata : t('sidepanelAirportTitle', nameOf(iata), iata);
  const main = el(
    'main',
    { class: 'sidepanel', 'aria-busy': 'false', inert: '' },
    el('h1', {}, t('sidepanelTitle')),
    el('p', { class: 'visually-hidden', role: 'status' }),
    airportForm(iata, airports.map((airport) => el('option', { value: airport.iata }, airportLabel(airport, lang)))),
    shortcuts(settings.favourites, settings.recents, iata, nameOf),
    el(
      'section',
      { class: 'airport-board', 'aria-labelledby': 'board-heading' },
      el('div', { class: 'board-header' }, el('h2', { id: 'board-heading' }, title), toolbar(settings.favourites.includes(iata))),
      flightForm(settings.flight?.iata === iata ? settings.flight : null, now),
      waitBoard(board.queues, board.measuredAt, nameOf(iata), now, lang, board.activeStations ?? null),
    ),
  );
  localizeDocument('sidepanelTitle');
  app.replaceChildren(main);
  return true;
}

type Child = Node | string | false | null;

/** An element with its attributes in order; strings become text nodes, never markup. */
function el(tag: string, attributes: Record<string, string | undefined>, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== false && child !== null) element.append(child);
  return element;
}

/** As AirportPicker, without a problem. */
function airportForm(iata: string, options: HTMLElement[]): HTMLElement {
  const input = el('input', {
    id: 'airport-code',
    type: 'text',
    list: 'airport-suggestions',
    autocomplete: 'off',
    autocapitalize: 'characters',
    'aria-describedby': 'airport-code-hint',
  }) as HTMLInputElement;
  // Properties, as Preact sets them.
  input.spellcheck = false;
  input.value = iata;
  return el(
    'form',
    { class: 'airport-form', novalidate: '' },
    el('label', { for: 'airport-code' }, t('sidepanelAirportLabel')),
    el('div', { class: 'airport-row' }, input, el('button', { type: 'submit', class: 'primary' }, t('sidepanelShow'))),
    el('p', { id: 'airport-code-hint', class: 'hint' }, t('sidepanelAirportHint')),
    el('datalist', { id: 'airport-suggestions' }, ...options),
  );
}

/** As AirportShortcuts. */
function shortcuts(favourites: string[], recents: string[], current: string, nameOf: (iata: string) => string): HTMLElement | null {
  const recentOnly = recents.filter((iata) => !favourites.includes(iata));
  if (favourites.length === 0 && recentOnly.length === 0) return null;
  const group = (title: string, codes: string[]) =>
    codes.length > 0 &&
    el(
      'div',
      { class: 'shortcut-group', role: 'group', 'aria-label': title },
      el('span', { class: 'shortcut-title', 'aria-hidden': 'true' }, title),
      ...codes.map((iata) =>
        el('button', { type: 'button', class: 'chip', title: nameOf(iata), 'aria-current': iata === current ? 'true' : undefined }, iata),
      ),
    );
  return el('nav', { class: 'shortcuts', 'aria-label': t('sidepanelShortcutsLabel') }, group(t('sidepanelFavourites'), favourites), group(t('sidepanelRecent'), recentOnly));
}

/** As BoardToolbar before the first refresh (a saved board can always be a favourite). */
function toolbar(favourite: boolean): HTMLElement {
  return el(
    'div',
    { class: 'board-toolbar' },
    el('button', { type: 'button', class: 'favourite-toggle', 'aria-pressed': String(favourite) }, el('span', { 'aria-hidden': 'true' }, favourite ? '★ ' : '☆ '), t('sidepanelFavourite')),
    el('button', { type: 'button' }, t('sidepanelRefresh')),
  );
}

/** As FlightForm, without a problem. */
function flightForm(current: { flight: string; date: string } | null, now: number): HTMLElement {
  const today = airportDate(now);
  const date = current?.date ?? today;
  const number = el('input', {
    id: 'flight-number',
    type: 'text',
    placeholder: 'SK 1415',
    autocomplete: 'off',
    autocapitalize: 'characters',
    'aria-describedby': 'flight-hint',
  }) as HTMLInputElement;
  number.spellcheck = false;
  number.value = current?.flight ?? '';
  const day = el('input', { id: 'flight-date', type: 'date', min: today }) as HTMLInputElement;
  day.value = date;
  return el(
    'form',
    { class: 'flight-form', novalidate: '' },
    el(
      'div',
      { class: 'flight-row' },
      el('div', { class: 'flight-field' }, el('label', { for: 'flight-number' }, t('sidepanelFlightLabel')), number),
      el('div', { class: 'flight-field' }, el('label', { for: 'flight-date' }, t('sidepanelFlightDate')), day),
    ),
    el(
      'div',
      { class: 'flight-actions' },
      el('button', { type: 'button', 'aria-pressed': String(date === airportDate(now, 1)) }, t('sidepanelFlightTomorrow')),
      el('button', { type: 'submit' }, t('sidepanelFlightShow')),
      current && el('button', { type: 'button' }, t('sidepanelFlightForget')),
    ),
    el('p', { id: 'flight-hint', class: 'hint' }, t('sidepanelFlightHint')),
  );
}

/** As WaitTimeBoard and QueueRow, before the first refresh (so not marked outdated by a failure). */
function waitBoard(queues: Queue[], measuredAt: string | null, airportName: string, now: number, locale: string, activeStations: number | null): HTMLElement {
  if (queues.length === 0) return el('p', { class: 'board-empty' }, t('sidepanelNoQueues'));
  const stale = isStale(measuredAt, now);
  const when = measuredText(measuredAt, now, locale);
  const unmeasured = unmeasuredCount(activeStations, queues.length);
  const rowTexts = onceEach();
  return el(
    'div',
    { class: `board${stale ? ' is-stale' : ''}` },
    el('p', { class: 'measured' }, when !== '' && el('span', {}, when), stale && el('span', { class: 'badge stale' }, t('sidepanelStale'))),
    unmeasured > 0 && el('p', { class: 'hint unmeasured' }, t('sidepanelSomeUnmeasured', unmeasured, queues.length)),
    ...groupByTerminal(queues, airportName).map((group) =>
      el('section', { class: 'terminal', 'aria-label': group.label }, el('h3', {}, group.label), el('ul', { class: 'queue-list' }, ...group.queues.map((queue) => queueRow(queue, rowTexts)))),
    ),
  );
}

/**
 * The texts the rows repeat (levels, "FastTrack", "Map", the same minutes), each asked for once per
 * drawing: every getMessage crosses the extension bindings (0.87 ms of this drawing in a CPU
 * profile, 0.57 once asked for once). Nothing is kept after the drawing: a page-wide cache held
 * every text on the heap, and the popup's heap is a budget (bench/results.md).
 */
function onceEach(): (key: string, text: () => string) => string {
  const texts = new Map<string, string>();
  return (key, text) => {
    let known = texts.get(key);
    if (known === undefined) texts.set(key, (known = text()));
    return known;
  };
}

function queueRow(queue: Queue, once: ReturnType<typeof onceEach>): HTMLElement {
  const level = waitLevel(queue.minutes, queue.overflow);
  const map = mapUrl(queue.latitude, queue.longitude);
  return el(
    'li',
    { class: `queue${queue.isFastTrack ? ' is-fasttrack' : ''}${queue.overflow ? ' is-overflow' : ''}`, 'data-queue-id': String(queue.id) },
    el('div', { class: 'queue-name' }, el('span', {}, queue.name), queue.isFastTrack && el('span', { class: 'badge fasttrack' }, once('fasttrack', () => t('sidepanelFastTrack')))),
    el(
      'div',
      { class: `queue-wait wait-${level}` },
      el('span', { class: 'wait-minutes' }, once(`wait ${queue.minutes} ${queue.overflow}`, () => waitText(queue.minutes, queue.overflow))),
      el('span', { class: 'wait-level' }, once(`level ${level} ${queue.overflow}`, () => waitLevelText(level, queue.overflow))),
    ),
    map && el('a', { class: 'queue-map', href: map, target: '_blank', rel: 'noreferrer', 'aria-label': t('sidepanelMapLabel', queue.name) }, once('map', () => t('sidepanelMap'))),
  );
}

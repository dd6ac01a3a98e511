// Oversized answers a hostile or broken gateway could send (opt-in faults, never the default): a
// board of N queues where an airport has a handful, a list of N airports where Swedavia has ten
// (docs/airport-api.md#wait-times-json, #airports), in JSON or XML as negotiated, and an answer
// that never ends, fast or as a slow drip.
import { listed, repeated, streamAnswer } from '../hostile-stream.mjs';
import { airportElements, airportsXml, places, waitTimesV2Xml } from './xml.mjs';

/** @typedef {import('./routes.mjs').Route} Route */

export const HOSTILE_TYPES = ['huge', 'endless'];

/** A queue like ARN's, numbered. @param {number} index */
const queue = (index) => ({
  id: index,
  queueName: `Security ${index}`,
  currentTime: '2026-09-29T13:27:04Z',
  currentProjectedWaitTime: index % 30,
  isFastTrack: index % 2 === 1,
  terminal: `T${index % 5}`,
  latitude: 59.64442,
  longitude: 17.92809,
  overflow: false,
});

/** An airport, numbered. @param {number} index */
const airport = (index) => {
  const iata = `Q${index.toString(36).toUpperCase().padStart(2, '0')}`;
  return { iata, name: `Airport ${index}`, localDisplayName: `Flygplats ${index}`, displayName: `Airport ${index}` };
};

/**
 * The chunks of a board or a list of `count` entries in the route's shape and format.
 * @param {Route} route @param {number} count @param {boolean} xml
 * @returns {Iterable<string>}
 */
function hugeBody(route, count, xml) {
  if (route.api === 'airportinfo') {
    if (!xml) return listed('[', count, (index) => JSON.stringify(airport(index)), ',', ']');
    const [head = '', tail = ''] = airportsXml([]).split('</AirportArray>');
    return listed(head, count, (index) => airportElements([airport(index)]), '', `</AirportArray>${tail}`);
  }
  if (!xml) return listed(`{"activeMeasurementStations":${count},"waitTimes":[`, count, (index) => JSON.stringify(queue(index)), ',', ']}');
  const [head = '', tail = ''] = waitTimesV2Xml({ activeMeasurementStations: count, waitTimes: [] }).split('<waitTimes></waitTimes>');
  return listed(`${head}<waitTimes>`, count, (index) => places([queue(index)]), '', `</waitTimes>${tail}`);
}

/**
 * Answers a matched route with an oversized 200, streamed (no Content-Length: it is not known
 * before the end, as with a backend that streams).
 * @param {import('./server.d.mts').Fault & { type: 'huge' | 'endless' }} fault
 * @param {import('node:http').ServerResponse} res
 * @param {{ route: Route, xml: boolean, sleep: (ms: number) => Promise<void>, onSent: (bytes: number) => void }} context
 */
export function sendHostile(fault, res, { route, xml, sleep, onSent }) {
  const headers = { 'Content-Type': xml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8' };
  if (fault.type === 'huge') return streamAnswer(res, 200, headers, hugeBody(route, fault.count, xml), { sleep, onSent });
  const delayMs = fault.chunkDelayMs ?? 0;
  const head = xml ? '<?xml version="1.0" encoding="utf-8"?>\n<PlaceWaitTime><string>' : '"';
  return streamAnswer(res, 200, headers, prefixed(head, repeated('x', Number.POSITIVE_INFINITY, delayMs > 0 ? 16 : 64 * 1024)), {
    chunkDelayMs: delayMs,
    sleep,
    onSent,
  });
}

/** @param {string} head @param {Iterable<string>} rest */
function* prefixed(head, rest) {
  yield head;
  yield* rest;
}

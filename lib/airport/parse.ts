import type { Airport, Queue } from './types';
import { utcMillis } from './utc';
import { childNamed, findEntries, hasElement, readXml, toRecord } from './xml';

export { utcMillis } from './utc';

/**
 * Readers for both API versions and both formats (docs/airport-api.md#paths, #wait-times-json,
 * #xml): wait times come as `{places}` (v1 spec), `{activeMeasurementStations, waitTimes}` (v2),
 * a bare array, or XML.
 * Entries with a wrong shape are skipped; `null` means no recognisable list at all.
 * Field names match case-insensitively and numbers/booleans may come as text, because the
 * XML form carries everything as text and .NET serialisers differ in casing.
 */

type Fields = Record<string, unknown>;

export interface ParsedWaitTimes {
  queues: Queue[];
  /** The latest `currentTime`; null when there is no queue. */
  measuredAt: string | null;
  /** v2's `activeMeasurementStations`: how many checkpoints report a measurement; null when not sent. */
  activeStations: number | null;
}

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function field(record: Fields, name: string): unknown {
  if (name in record) return record[name];
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : record[key];
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const lower = value.trim().toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

const toText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;

/** `2026-09-29T13:27:04Z`: ISO 8601 UTC, milliseconds only when there are some. */
export const isoUtc = (millis: number): string => new Date(millis).toISOString().replace('.000Z', 'Z');

/** One wait-time entry, or undefined when its shape is wrong. */
export function parseQueue(record: Fields): Queue | undefined {
  const id = toNumber(field(record, 'id'));
  const name = toText(field(record, 'queueName'));
  const minutes = toNumber(field(record, 'currentProjectedWaitTime'));
  const measured = utcMillis(field(record, 'currentTime'));
  const latitude = toNumber(field(record, 'latitude'));
  const longitude = toNumber(field(record, 'longitude'));
  const rawFastTrack = field(record, 'isFastTrack');
  const isFastTrack = rawFastTrack === undefined || rawFastTrack === null ? false : toBoolean(rawFastTrack);
  const rawTerminal = field(record, 'terminal');
  const terminal = rawTerminal === undefined || rawTerminal === null ? null : toText(rawTerminal);
  if (id === undefined || !Number.isInteger(id) || !name || minutes === undefined || minutes < 0) return undefined;
  if (measured === undefined || isFastTrack === undefined || terminal === undefined) return undefined;
  if (latitude === undefined || Math.abs(latitude) > 90 || longitude === undefined || Math.abs(longitude) > 180) return undefined;
  return {
    id,
    name,
    minutes: Math.round(minutes),
    isFastTrack,
    terminal: terminal || null,
    latitude,
    longitude,
    overflow: toBoolean(field(record, 'overflow')) ?? false,
    measuredAt: isoUtc(measured),
  };
}

function listOf(body: unknown, names: readonly string[]): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  for (const name of names) {
    const list = field(body, name);
    if (Array.isArray(list)) return list;
  }
  return undefined;
}

function activeStationsOf(value: unknown): number | null {
  const count = toNumber(value);
  return count !== undefined && Number.isInteger(count) && count >= 0 ? count : null;
}

function readQueues(entries: unknown[], activeStations: number | null = null): ParsedWaitTimes | null {
  const queues = entries.flatMap((entry) => {
    const queue = isRecord(entry) ? parseQueue(entry) : undefined;
    return queue ? [queue] : [];
  });
  // Entries but none readable: the format changed, and "no queues" would be a false statement.
  if (entries.length > 0 && queues.length === 0) return null;
  const latest = queues.reduce<string | null>((max, queue) => (max === null || queue.measuredAt > max ? queue.measuredAt : max), null);
  return { queues, measuredAt: latest, activeStations };
}

/** A JSON wait-time body: `{waitTimes}` (v2), `{places}` (v1) or a bare array. */
export function parseWaitTimes(body: unknown): ParsedWaitTimes | null {
  const entries = listOf(body, ['waitTimes', 'places']);
  return entries ? readQueues(entries, isRecord(body) ? activeStationsOf(field(body, 'activeMeasurementStations')) : null) : null;
}

/** An XML wait-time body (`<PlaceWaitTime>` with `<places>` or `<waitTimes>` of `<Place>`). */
export function parseWaitTimesXml(text: string): ParsedWaitTimes | null {
  const root = readXml(text);
  if (!root) return null;
  const entries = findEntries(root, 'queueName');
  const known = entries.length > 0 || /waittime/i.test(root.localName) || hasElement(root, ['places', 'waitTimes']);
  const stations = childNamed(root, 'activeMeasurementStations');
  return known ? readQueues(entries.map(toRecord), stations ? activeStationsOf(stations.textContent?.trim()) : null) : null;
}

/** One airport, or undefined without an IATA code. Missing names become "". */
export function parseAirport(record: Fields): Airport | undefined {
  const iata = toText(field(record, 'iata'))?.toUpperCase();
  if (!iata) return undefined;
  const text = (name: string) => toText(field(record, name)) ?? '';
  return { iata, name: text('name'), displayName: text('displayName'), localDisplayName: text('localDisplayName') };
}

function readAirports(entries: unknown[]): Airport[] | null {
  const airports = entries.flatMap((entry) => {
    const airport = isRecord(entry) ? parseAirport(entry) : undefined;
    return airport ? [airport] : [];
  });
  return entries.length > 0 && airports.length === 0 ? null : airports;
}

/** A JSON airport list: a bare array (both versions), or `{airports: [...]}`. */
export function parseAirports(body: unknown): Airport[] | null {
  const entries = listOf(body, ['airports']);
  return entries ? readAirports(entries) : null;
}

/** An XML airport list (`<AirportArray>` of `<Airport>`). */
export function parseAirportsXml(text: string): Airport[] | null {
  const root = readXml(text);
  if (!root) return null;
  const entries = findEntries(root, 'iata');
  return entries.length > 0 || /airport/i.test(root.localName) ? readAirports(entries.map(toRecord)) : null;
}

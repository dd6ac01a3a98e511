// XML bodies for `Accept: application/xml`. Swedavia says every API also answers XML, but no XML
// capture exists (docs/airport-api.md#xml). The layout here is a guess in the style
// of .NET's XmlSerializer, with the root names the spec gives (`PlaceWaitTime`, `AirportArray`):
//
//   <PlaceWaitTime xmlns:xsi="…">                 <AirportArray>
//     <places>            (v2: <activeMeasurementStations>n</…><waitTimes>)    <Airport><iata>ARN</iata>…</Airport>
//       <Place><id>5</id>…<terminal xsi:nil="true" /></Place>                 </AirportArray>
//
// Element names are the JSON field names; each entry is a <Place> in both versions; null is
// `xsi:nil="true"`; booleans are `true`/`false`; numbers as JavaScript prints them.

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const PROLOG = '<?xml version="1.0" encoding="utf-8"?>\n';

/** `\uXXXX` for a code point: the class below names the control characters by number, not as raw characters. */
const u = (/** @type {number} */ code) => `\\u${code.toString(16).padStart(4, '0')}`;

/** Characters XML 1.0 cannot carry at all (control characters other than tab, LF, CR; U+FFFE, U+FFFF). */
const FORBIDDEN = new RegExp(`[${u(0x00)}-${u(0x08)}${u(0x0b)}${u(0x0c)}${u(0x0e)}-${u(0x1f)}${u(0xfffe)}${u(0xffff)}]`, 'g');

/** @param {string} text */
export function escapeXml(text) {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Field names come from test data too; keep them valid element names.
 * @param {string} name
 */
function elementName(name) {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

/** @param {string} name @param {unknown} value */
function field(name, value) {
  const tag = elementName(name);
  if (value === null || value === undefined) return `<${tag} xsi:nil="true" />`;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `<${tag}>${escapeXml(text)}</${tag}>`;
}

/** @param {string} tag @param {Record<string, unknown>} record */
function element(tag, record) {
  return `<${tag}>${Object.entries(record)
    .map(([name, value]) => field(name, value))
    .join('')}</${tag}>`;
}

/** `<Place>…</Place>` per entry. @param {ReadonlyArray<Record<string, unknown>>} entries */
export function places(entries) {
  return entries.map((entry) => element('Place', entry)).join('');
}

/** `<Airport>…</Airport>` per airport. @param {ReadonlyArray<Record<string, unknown>>} airports */
export function airportElements(airports) {
  return airports.map((airport) => element('Airport', airport)).join('');
}

/**
 * v1: `<PlaceWaitTime><places><Place>…</Place></places></PlaceWaitTime>`.
 * @param {{ places: ReadonlyArray<Record<string, unknown>> }} body
 */
export function waitTimesV1Xml(body) {
  return `${PROLOG}<PlaceWaitTime xmlns:xsi="${XSI}"><places>${places(body.places)}</places></PlaceWaitTime>`;
}

/**
 * v2: `<PlaceWaitTime><activeMeasurementStations>n</…><waitTimes><Place>…</Place></waitTimes></PlaceWaitTime>`.
 * @param {{ activeMeasurementStations: number, waitTimes: ReadonlyArray<Record<string, unknown>> }} body
 */
export function waitTimesV2Xml(body) {
  return (
    `${PROLOG}<PlaceWaitTime xmlns:xsi="${XSI}">` +
    field('activeMeasurementStations', body.activeMeasurementStations) +
    `<waitTimes>${places(body.waitTimes)}</waitTimes></PlaceWaitTime>`
  );
}

/**
 * Both versions: `<AirportArray><Airport><iata>…</iata>…</Airport>…</AirportArray>`.
 * @param {ReadonlyArray<Record<string, unknown>>} airports
 */
export function airportsXml(airports) {
  return `${PROLOG}<AirportArray xmlns:xsi="${XSI}">${airportElements(airports)}</AirportArray>`;
}

/**
 * Whether the caller prefers XML: the best-weighted of `application/json`, `application/xml`,
 * `text/xml` in `Accept` wins, JSON on ties; no Accept, `*\/*` or nothing known → JSON (the
 * first formatter of an ASP.NET backend).
 * @param {string | null} accept
 */
export function prefersXml(accept) {
  if (!accept) return false;
  let json = 0;
  let xml = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    const type = range.trim();
    if (type === 'application/json' || type === '*/*' || type === 'application/*') json = Math.max(json, q);
    if (type === 'application/xml' || type === 'text/xml') xml = Math.max(xml, q);
  }
  return xml > json;
}

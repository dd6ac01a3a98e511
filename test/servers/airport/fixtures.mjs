// Sample data of the airport reference server, copied from the captures in test/unit/airport/samples/
// (docs/airport-api.md#quirks-in-the-samples). Values are exactly the captured ones; only
// `currentTime` is replaced by the server clock when served, so the data looks fresh.

/** @typedef {import('./server.d.mts').WaitTimeEntry} WaitTimeEntry */
/** @typedef {import('./server.d.mts').Airport} Airport */

/**
 * @template T
 * @param {T} value
 * @returns {T}
 */
function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The default WaitTime Public subscription keys (a primary and a secondary, like every APIM subscription). */
export const DEFAULT_KEYS = deepFreeze(['primary-key-0001', 'secondary-key-0002']);
/**
 * The default AirportInfo subscription keys: another product, so other keys
 * (docs/airport-api.md#products-and-keys).
 */
export const DEFAULT_INFO_KEYS = deepFreeze(['info-key-0003', 'info-secondary-key-0004']);

/**
 * @param {number} id @param {string} queueName @param {string} currentTime @param {number} wait
 * @param {boolean} isFastTrack @param {string | null} terminal @param {number} latitude @param {number} longitude
 * @returns {WaitTimeEntry}
 */
const entry = (id, queueName, currentTime, wait, isFastTrack, terminal, latitude, longitude) => ({
  id,
  queueName,
  currentTime,
  currentProjectedWaitTime: wait,
  isFastTrack,
  terminal,
  latitude,
  longitude,
  overflow: false,
});

const ARN_AT = '2026-09-29T13:27:04Z';
const BMA_AT = '2026-09-29T13:42:04Z';
const GOT_AT = '2023-12-04T09:52:47Z';
const PEAK_AT = '2026-06-19T04:55:04Z';

/**
 * v2 entries of the three airports that publish wait times, in the API's own order (ARN: T5
 * FastTrack before T5 regular; BMA; GOT, terminal null; docs/airport-api.md#quirks-in-the-samples).
 * @type {Readonly<Record<'ARN' | 'BMA' | 'GOT', readonly WaitTimeEntry[]>>}
 */
export const WAIT_TIME_FIXTURES = deepFreeze({
  ARN: [
    entry(5, 'Security Terminal 2', ARN_AT, 4, false, 'T2', 59.64442, 17.92809),
    entry(6, 'Security Terminal 2 FastTrack', ARN_AT, 0, true, 'T2', 59.64442, 17.92809),
    entry(7, 'Security Terminal 3', ARN_AT, 0, false, 'T3', 59.64561, 17.92449),
    entry(8, 'Security Terminal 4', ARN_AT, 1, false, 'T4', 59.64775, 17.92761),
    entry(9, 'Security Terminal 4 FastTrack', ARN_AT, 0, true, 'T4', 59.64775, 17.92761),
    entry(23, 'Security Terminal 5F FastTrack', ARN_AT, 1, true, 'T5', 59.65176, 17.93376),
    entry(24, 'Security Terminal 5F', ARN_AT, 2, false, 'T5', 59.65176, 17.93376),
  ],
  BMA: [entry(1, 'Security Bromma', BMA_AT, 0, false, null, 59.35553, 17.94556)],
  GOT: [
    entry(2, 'Security Landvetter FastTrack', GOT_AT, 2, true, null, 57.66869, 12.29521),
    entry(3, 'Security Landvetter', GOT_AT, 7, false, null, 57.66869, 12.29521),
  ],
});

/**
 * ARN at an invented peak (12–47 min), for thresholds and colours. Pinned times;
 * serve it with `setWaitTimes('ARN', ARN_PEAK_ENTRIES)`.
 * @type {readonly WaitTimeEntry[]}
 */
export const ARN_PEAK_ENTRIES = deepFreeze([
  entry(5, 'Security Terminal 2', PEAK_AT, 12, false, 'T2', 59.64442, 17.92809),
  entry(6, 'Security Terminal 2 FastTrack', PEAK_AT, 3, true, 'T2', 59.64442, 17.92809),
  entry(7, 'Security Terminal 3', PEAK_AT, 6, false, 'T3', 59.64561, 17.92449),
  entry(8, 'Security Terminal 4', PEAK_AT, 18, false, 'T4', 59.64775, 17.92761),
  entry(9, 'Security Terminal 4 FastTrack', PEAK_AT, 4, true, 'T4', 59.64775, 17.92761),
  entry(23, 'Security Terminal 5F FastTrack', PEAK_AT, 9, true, 'T5', 59.65176, 17.93376),
  entry(24, 'Security Terminal 5F', PEAK_AT, 47, false, 'T5', 59.65176, 17.93376),
]);

/**
 * The seven Swedavia airports that answer 400 "Airport XXX not supported"
 * (docs/airport-api.md#airports).
 */
export const UNSUPPORTED_AIRPORTS = deepFreeze(['MMX', 'LLA', 'UME', 'OSD', 'VBY', 'RNB', 'KRN']);

/**
 * @param {string} iata @param {string} name
 * @returns {Airport}
 */
const airport = (iata, name) => ({
  iata,
  name,
  localDisplayName: `${name} Airport`,
  displayName: `${name} Airport`,
});

/**
 * The ten Swedavia airports (values constructed: no real list answer is published, so the split of
 * the three names is a guess; docs/airport-api.md#airports).
 * @type {readonly Airport[]}
 */
export const AIRPORTS = deepFreeze([
  airport('ARN', 'Stockholm Arlanda'),
  airport('BMA', 'Bromma Stockholm'),
  airport('GOT', 'Göteborg Landvetter'),
  airport('MMX', 'Malmö'),
  airport('LLA', 'Luleå'),
  airport('UME', 'Umeå'),
  airport('OSD', 'Åre Östersund'),
  airport('VBY', 'Visby'),
  airport('RNB', 'Ronneby'),
  airport('KRN', 'Kiruna'),
]);

const FLIGHT_AT = '2026-09-29T13:42:04Z';
/** @type {readonly WaitTimeEntry[]} */
const T5F = deepFreeze([
  entry(23, 'Security Terminal 5F FastTrack', FLIGHT_AT, 0, true, 'T5', 59.65176, 17.93376),
  entry(24, 'Security Terminal 5F', FLIGHT_AT, 4, false, 'T5', 59.65176, 17.93376),
]);

/**
 * test/unit/airport/samples/waittime-v2-ARN-flight.json (docs/airport-api.md#per-flight-path):
 * the per-flight answer for a Terminal 5 departure (TG961 or LX1251 on 2026-09-29), values as
 * captured. Served for those two flights on any date, with the clock's `currentTime`; add others
 * with `setFlight`.
 * @type {Readonly<Record<string, Readonly<Record<string, readonly WaitTimeEntry[]>>>>}
 */
export const FLIGHT_FIXTURES = deepFreeze({ ARN: { TG961: T5F, LX1251: T5F } });

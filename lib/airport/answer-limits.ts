/**
 * The most bytes read of each airport API answer (lib/http.ts `maxBytes`): what the answer can hold
 * at most, with a wide margin, so no real answer is ever refused and a hostile or broken gateway
 * cannot fill the side panel's memory. A queue is about 250 bytes of JSON and 450 of XML
 * (docs/airport-api.md#wait-times-json, #xml).
 */

const KiB = 1024;

/**
 * `GET /waittimepublic/v2/airports/{IATA}`: Arlanda, the largest, lists 7 queues (about 2 KiB);
 * 512 KiB holds a thousand queues in XML.
 */
export const WAIT_TIMES_MAX_BYTES = 512 * KiB;

/**
 * The per-flight path answers a part of the airport's board in the same shape
 * (docs/airport-api.md#per-flight-path), so the same limit.
 */
export const FLIGHT_WAIT_TIMES_MAX_BYTES = WAIT_TIMES_MAX_BYTES;

/**
 * `GET /airportinfo/v2/airports`: Swedavia's ten airports with three names each, about 200 bytes an
 * airport (docs/airport-api.md#airports); 256 KiB holds hundreds.
 */
export const AIRPORTS_MAX_BYTES = 256 * KiB;

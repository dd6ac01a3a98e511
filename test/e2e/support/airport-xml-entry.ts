// What test/e2e/airport-xml.e2e.ts loads into a Chromium page, as the global `airportXml`.
export { toAirportError } from '@/lib/airport/errors';
export { parseAirportsXml, parseWaitTimesXml } from '@/lib/airport/parse';

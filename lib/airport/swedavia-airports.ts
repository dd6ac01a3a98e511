import type { Airport } from './types';

/**
 * Swedavia's ten airports, shipped with the extension. The airport list is a product of its own
 * (AirportInfo) with its own subscription key (docs/airport-api.md#products-and-keys); without
 * that key Pushgate sends no list request at all and names airports from here. Also the fallback
 * when the list request fails. English names as Swedavia writes them; `localDisplayName` in
 * Swedish. Only ARN, BMA and GOT publish wait times, and that can change
 * (docs/airport-api.md#airports): the board finds out per airport, this list says nothing about it.
 */
const airport = (iata: string, name: string, english: string, swedish: string): Airport => ({
  iata,
  name,
  displayName: english,
  localDisplayName: swedish,
});

export const SWEDAVIA_AIRPORTS: readonly Airport[] = Object.freeze([
  airport('ARN', 'Stockholm Arlanda', 'Stockholm Arlanda Airport', 'Stockholm Arlanda flygplats'),
  airport('BMA', 'Bromma Stockholm', 'Bromma Stockholm Airport', 'Bromma Stockholm flygplats'),
  airport('GOT', 'Göteborg Landvetter', 'Göteborg Landvetter Airport', 'Göteborg Landvetter flygplats'),
  airport('MMX', 'Malmö', 'Malmö Airport', 'Malmö flygplats'),
  airport('LLA', 'Luleå', 'Luleå Airport', 'Luleå flygplats'),
  airport('UME', 'Umeå', 'Umeå Airport', 'Umeå flygplats'),
  airport('OSD', 'Åre Östersund', 'Åre Östersund Airport', 'Åre Östersund flygplats'),
  airport('VBY', 'Visby', 'Visby Airport', 'Visby flygplats'),
  airport('RNB', 'Ronneby', 'Ronneby Airport', 'Ronneby flygplats'),
  airport('KRN', 'Kiruna', 'Kiruna Airport', 'Kiruna flygplats'),
]);

import { AIRPORT_CATALOG } from '../airport/sources/catalog';
import type { Airport } from '../airport/types';
import { t } from '../i18n';

/**
 * The catalogue's airports in the person's language (lib/airport/sources/catalog.ts): name, city,
 * and the name of the clock their times are read on.
 */

/** Message keys per airport: [name, city]. Written out, so every key is one the code names. */
const KEYS: Record<string, [name: string, city: string]> = {
  ARN: ['airportNameARN', 'airportCityARN'],
  BMA: ['airportNameBMA', 'airportCityBMA'],
  GOT: ['airportNameGOT', 'airportCityGOT'],
  MMX: ['airportNameMMX', 'airportCityMMX'],
  LLA: ['airportNameLLA', 'airportCityLLA'],
  UME: ['airportNameUME', 'airportCityUME'],
  OSD: ['airportNameOSD', 'airportCityOSD'],
  VBY: ['airportNameVBY', 'airportCityVBY'],
  RNB: ['airportNameRNB', 'airportCityRNB'],
  KRN: ['airportNameKRN', 'airportCityKRN'],
  CPH: ['airportNameCPH', 'airportCityCPH'],
  OSL: ['airportNameOSL', 'airportCityOSL'],
  AMS: ['airportNameAMS', 'airportCityAMS'],
  FRA: ['airportNameFRA', 'airportCityFRA'],
  MUC: ['airportNameMUC', 'airportCityMUC'],
  DUS: ['airportNameDUS', 'airportCityDUS'],
  DUB: ['airportNameDUB', 'airportCityDUB'],
  EDI: ['airportNameEDI', 'airportCityEDI'],
  HEL: ['airportNameHEL', 'airportCityHEL'],
  ZRH: ['airportNameZRH', 'airportCityZRH'],
  LHR: ['airportNameLHR', 'airportCityLHR'],
  IST: ['airportNameIST', 'airportCityIST'],
  BER: ['airportNameBER', 'airportCityBER'],
};

/** The airport's name in the person's language, or undefined for one outside the catalogue. */
export function airportName(iata: string): string | undefined {
  const keys = KEYS[iata.toUpperCase()];
  return keys && t(keys[0]);
}

export function airportCity(iata: string): string | undefined {
  const keys = KEYS[iata.toUpperCase()];
  return keys && t(keys[1]);
}

/**
 * The airports with a source, as suggestions for the airport field (name and city in the person's
 * language); those without one are not suggested, but say so when chosen.
 */
export function catalogAirports(): Airport[] {
  return AIRPORT_CATALOG.filter((entry) => entry.source).map(({ iata }) => {
    const name = airportName(iata) ?? iata;
    return { iata, name: airportCity(iata) ?? '', displayName: name, localDisplayName: name };
  });
}

/** The words for an airport's clock: "Copenhagen time" (the zones of the catalogue's airports with a source). */
export function zoneName(timeZone: string): string {
  switch (timeZone) {
    case 'Europe/Copenhagen':
      return t('airportZoneCopenhagen');
    case 'Europe/Oslo':
      return t('airportZoneOslo');
    case 'Europe/Amsterdam':
      return t('airportZoneAmsterdam');
    case 'Europe/Berlin':
      return t('airportZoneGermany');
    case 'Europe/Dublin':
      return t('airportZoneDublin');
    case 'Europe/London':
      return t('airportZoneLondon');
    default:
      return t('airportZoneStockholm');
  }
}

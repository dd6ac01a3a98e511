import type { HttpError } from '../http';
import type { AirportError, AirportErrorKind, ApiVersion } from './types';
import { readXml } from './xml';

/**
 * Sorts a transport failure into the airport taxonomy (docs/airport-api.md#errors). 401 and 404
 * are handled by the client first (other key, other version); here they are final.
 */
export function toAirportError(error: HttpError, calls: number, apiVersion?: ApiVersion): AirportError {
  const serverMessage = readableMessage(error.serverMessage);
  const result: AirportError = { kind: kindOf(error, serverMessage), calls };
  if (error.status !== undefined) result.status = error.status;
  if (serverMessage) result.serverMessage = serverMessage;
  const retryAfter = error.retryAfterSeconds ?? retryAfterFromMessage(serverMessage);
  if (retryAfter !== undefined && (result.kind === 'quota' || result.kind === 'rate-limited')) result.retryAfterSeconds = retryAfter;
  if (apiVersion && error.status !== undefined) result.apiVersion = apiVersion;
  if (error.location !== undefined) result.location = error.location;
  if (error.limitBytes !== undefined) result.limitBytes = error.limitBytes;
  return result;
}

function kindOf(error: HttpError, message: string | undefined): AirportErrorKind {
  switch (error.kind) {
    case 'unauthorized':
      return 'invalid-key';
    case 'forbidden':
      // APIM's quota policy answers 403 (docs/airport-api.md#quota); a key for another product is
      // a 401, not a 403.
      return 'quota';
    case 'rate-limited':
      return 'rate-limited';
    case 'not-found':
      return 'not-found';
    case 'bad-request':
    case 'validation':
      // The backend's 400 body is a JSON string: "Airport MMX not supported", or for the flight
      // path "No departure flightdata found for XX0000 at ARN on the 2026-09-29"
      // (docs/airport-api.md#airports, #per-flight-path).
      if (message && /no departure flight ?data found/i.test(message)) return 'flight-not-found';
      return message && /not supported|unsupported/i.test(message) ? 'unsupported-airport' : 'bad-request';
    case 'server':
      return 'server';
    case 'timeout':
      return 'timeout';
    case 'network':
      return 'network';
    case 'redirect':
      return 'redirect';
    case 'unexpected':
      return 'malformed';
    case 'too-large':
      return 'too-large';
  }
}

/** A server's XML error (`<string>Airport MMX not supported</string>`) read as its text. */
function readableMessage(message: string | undefined): string | undefined {
  if (!message?.startsWith('<')) return message;
  const root = readXml(message);
  const text = root?.textContent?.trim() ?? '';
  return text || message;
}

/**
 * The wait in APIM's own words when `Retry-After` is missing (docs/airport-api.md#errors):
 * "Try again in 56 seconds." or "Quota will be replenished in [d.]hh:mm:ss."
 */
export function retryAfterFromMessage(message: string | undefined): number | undefined {
  if (!message) return undefined;
  const seconds = /try again in (\d+) second/i.exec(message);
  if (seconds) return Number(seconds[1]);
  const span = /replenished in (?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})/i.exec(message);
  if (!span) return undefined;
  const [, days = '0', hours, minutes, secs] = span;
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(secs);
}

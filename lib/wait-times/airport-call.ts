import type { AirportConfig, AirportError, AirportList, WaitTimes } from '../airport/types';
import { hasHostAccess } from '../browser/permissions';
import { fail, ok, type Result } from '../result';
import { airportListFailedAt } from '../settings/airport';
import { hostOf } from '../url';
import { boardOfWaitTimes } from '../airport/sources/swedavia-board';
import { saveAirportList, saveBoard } from './cache';
import { airportConfig, airportConfigFor, airportInfoConfig, recordAirportCall } from './connection';
import { rememberRecentAirport } from './usage';

/**
 * The one way to call Swedavia's keyed API, each call counted against the provider's monthly quota:
 * settings → host access → client → count → save. The side panel's board (through ./board-call.ts),
 * its flight and its airport list, and the settings page's Test all go through here.
 */

export type AirportRequest =
  | { what: 'wait-times'; iata: string }
  | { what: 'flight'; iata: string; flight: string; date: string }
  | { what: 'airports' };

type ValueOf<R extends AirportRequest> = R extends { what: 'airports' } ? AirportList : WaitTimes;

/** Why no answer came: nothing to call with, no access to the host, the API's own failure, or not wanted any more. */
export type AirportCallProblem =
  | { kind: 'not-configured' }
  | { kind: 'no-access'; host: string }
  | { kind: 'airport'; error: AirportError }
  /** `stillWanted` said no before a request was spent. */
  | { kind: 'dropped' };

export interface AirportCallOptions {
  /** Settings typed on the settings page and not saved yet (its Test): nothing is saved then. */
  typed?: { origin: string; keys: { primary: string; secondary?: string; info?: string } };
  /** Asked right before the request goes out: a panel that moved on to another airport spends no call. */
  stillWanted?: () => boolean;
}

export interface AirportAnswer<T> {
  value: T;
  baseUrl: string;
  /** `Date.now()` when the answer arrived. */
  fetchedAt: number;
}

export async function callAirport<R extends AirportRequest>(
  request: R,
  { typed, stillWanted = () => true }: AirportCallOptions = {},
): Promise<Result<AirportAnswer<ValueOf<R>>, AirportCallProblem>> {
  const cfg = await configFor(request, typed);
  if (!cfg) return fail({ kind: 'not-configured' });
  if (!(await hasHostAccess(cfg.baseUrl))) return fail({ kind: 'no-access', host: hostOf(cfg.baseUrl) });
  // The client (with lib/http and the parsers) is fetched with the first request, not with the panel's first paint.
  const client = await import('../airport/client');
  if (!stillWanted()) return fail({ kind: 'dropped' });
  const result =
    request.what === 'airports'
      ? await client.airports(cfg)
      : request.what === 'flight'
        ? await client.flightWaitTimes(cfg, request.iata, request.flight, request.date)
        : await client.waitTimes(cfg, request.iata);
  // Failed requests cost quota too. Bookkeeping never hides the answer the person is waiting for.
  await recordAirportCall(result, cfg.baseUrl).catch(() => undefined);
  const fetchedAt = Date.now();
  if (!typed) await save(request, cfg.baseUrl, result, fetchedAt);
  if (!result.ok) return fail({ kind: 'airport', error: result.error });
  return ok({ value: result.value as ValueOf<R>, baseUrl: cfg.baseUrl, fetchedAt });
}

async function configFor(request: AirportRequest, typed: AirportCallOptions['typed']): Promise<AirportConfig | null> {
  if (!typed) return request.what === 'airports' ? airportInfoConfig() : airportConfig();
  if (request.what !== 'airports') return airportConfigFor(typed.origin, typed.keys);
  return typed.keys.info ? airportConfigFor(typed.origin, { primary: typed.keys.info }) : null;
}

/** What a call with the saved settings leaves behind: the board and the airport viewed, or the list. Never rejects. */
async function save(request: AirportRequest, baseUrl: string, result: Result<WaitTimes | AirportList, AirportError>, fetchedAt: number) {
  try {
    if (request.what === 'wait-times' && result.ok) {
      await Promise.all([
        saveBoard(baseUrl, boardOfWaitTimes(request.iata, result.value as WaitTimes), fetchedAt),
        rememberRecentAirport(request.iata),
      ]);
    }
    if (request.what === 'airports') {
      const list = result.ok ? (result.value as AirportList).airports : [];
      // A failed or empty list is not asked for again for a day (../../components/sidepanel/useAirportList.ts).
      if (list.length > 0) await saveAirportList(baseUrl, list);
      else await airportListFailedAt.setValue(fetchedAt);
    }
  } catch {
    // Storage full or switched off: the answer is shown all the same.
  }
}

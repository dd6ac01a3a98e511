import { ok } from '../../result';
import type { AirportBoard } from '../airport-board';
import { flightWaitTimes, waitTimes } from '../client';
import type { AirportConfig, AirportResult, WaitTimes } from '../types';
import { boardOfWaitTimes } from './swedavia-board';

/**
 * Swedavia's keyed WaitTime Public API (docs/airport-api.md) as a board (./swedavia-board.ts). The
 * call information (API version, secondary key, calls) rides along for the caller's bookkeeping.
 */

export type ApiBoard = AirportBoard & Pick<WaitTimes, 'apiVersion' | 'usedSecondaryKey' | 'calls'>;

export async function readSwedaviaApi(cfg: AirportConfig, iata: string): Promise<AirportResult<ApiBoard>> {
  const answer = await waitTimes(cfg, iata);
  if (!answer.ok) return answer;
  const { apiVersion, usedSecondaryKey, calls } = answer.value;
  return ok({ ...boardOfWaitTimes(iata, answer.value), apiVersion, usedSecondaryKey, calls });
}

/** The checkpoints serving one departure (docs/airport-api.md#per-flight-path), as a board. */
export async function readSwedaviaFlight(cfg: AirportConfig, iata: string, flight: string, date: string): Promise<AirportResult<ApiBoard>> {
  const answer = await flightWaitTimes(cfg, iata, flight, date);
  if (!answer.ok) return answer;
  const { apiVersion, usedSecondaryKey, calls } = answer.value;
  return ok({ ...boardOfWaitTimes(iata, answer.value), apiVersion, usedSecondaryKey, calls });
}

import type { AirportBoard, FeedId } from '../airport-board';
import type { AirportResult } from '../types';
import { readAms } from './ams';
import { readCph } from './cph';
import { readDub } from './dub';
import { readDus } from './dus';
import { readEdi } from './edi';
import type { FeedConfig } from './feed-request';
import { readFra } from './fra';
import { readMuc } from './muc';
import { readOsl } from './osl';
import { readSwedaviaWeb } from './swedavia-web';

export { readSwedaviaApi, readSwedaviaFlight, type ApiBoard } from './swedavia-api';

/**
 * The one entry to the website feeds, fetched with the first request (never with the side
 * panel's first paint): each source's reader by its id.
 */
const READERS: Record<FeedId, (cfg: FeedConfig, iata: string, now: number) => Promise<AirportResult<AirportBoard>>> = {
  'swedavia-web': (cfg, iata, now) => readSwedaviaWeb(cfg, iata, now),
  cph: (cfg, _iata, now) => readCph(cfg, now),
  osl: (cfg, _iata, now) => readOsl(cfg, now),
  ams: (cfg, _iata, now) => readAms(cfg, now),
  fra: (cfg, _iata, now) => readFra(cfg, now),
  muc: (cfg, _iata, now) => readMuc(cfg, now),
  dus: (cfg, _iata, now) => readDus(cfg, now),
  dub: (cfg, _iata, now) => readDub(cfg, now),
  edi: (cfg, _iata, now) => readEdi(cfg, now),
};

export function readFeed(source: FeedId, cfg: FeedConfig, iata: string, now: number = Date.now()): Promise<AirportResult<AirportBoard>> {
  return READERS[source](cfg, iata.toUpperCase(), now);
}

import { beforeEach, describe, expect, it } from 'vitest';
import { airportApiUrl, airportCalls, airportKeys, airportListFailedAt, recentAirports } from '@/lib/settings';
import { callAirport } from '@/lib/wait-times/airport-call';
import { readAirportList, readBoard } from '@/lib/wait-times/cache';
import { monthOf } from '@/lib/wait-times/connection';
import { FAULTS, GOOD, INFO, stubGateway } from '../../components/options/airport-gateway';
import { stubPermissions } from '../../components/options/support';

const API = 'https://gateway.example';
const counted = async () => (await airportCalls.getValue()).count;

beforeEach(async () => {
  await airportApiUrl.setValue(API);
  await airportKeys.setValue({ primary: GOOD, secondary: '', info: INFO, origin: API });
});

describe('callAirport: settings → host access → client → count → save', () => {
  it('sends nothing without a saved key', async () => {
    const gateway = stubGateway();
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    await airportKeys.setValue({ primary: '', secondary: '' });
    expect(await callAirport({ what: 'wait-times', iata: 'ARN' })).toEqual({ ok: false, error: { kind: 'not-configured' } });
    expect(gateway.requests).toHaveLength(0);
  });

  it('sends nothing without access to the host, and names it', async () => {
    const gateway = stubGateway();
    stubPermissions();
    expect(await callAirport({ what: 'wait-times', iata: 'ARN' })).toEqual({
      ok: false,
      error: { kind: 'no-access', host: 'gateway.example' },
    });
    expect(gateway.requests).toHaveLength(0);
  });

  it('spends no request for an answer nobody wants any more', async () => {
    const gateway = stubGateway();
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    const result = await callAirport({ what: 'wait-times', iata: 'ARN' }, { stillWanted: () => false });
    expect(result).toEqual({ ok: false, error: { kind: 'dropped' } });
    expect(gateway.requests).toHaveLength(0);
  });

  it('counts the call, saves the board and remembers the airport', async () => {
    stubGateway();
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    const result = await callAirport({ what: 'wait-times', iata: 'bma' });
    expect(result.ok && result.value.value.queues).toHaveLength(1);
    expect(await counted()).toBe(1);
    expect((await airportCalls.getValue()).month).toBe(monthOf(new Date()));
    expect((await readBoard(API, 'BMA'))?.board.checkpoints).toHaveLength(1);
    expect(await recentAirports.getValue()).toEqual(['BMA']);
  });

  it('counts a failed call too, and keeps the saved board as it was', async () => {
    const gateway = stubGateway();
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    gateway.setFault(FAULTS.server);
    const result = await callAirport({ what: 'wait-times', iata: 'ARN' });
    expect(!result.ok && result.error.kind === 'airport' && result.error.error.kind).toBe('server');
    expect(await counted()).toBe(1);
    expect(await readBoard(API, 'ARN')).toBeNull();
  });

  it('asks for the airport list with the AirportInfo key, and saves it', async () => {
    const gateway = stubGateway();
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    const result = await callAirport({ what: 'airports' });
    expect(result.ok && result.value.value.airports).toHaveLength(10);
    expect(gateway.requests[0]?.key).toBe(INFO);
    expect((await readAirportList(API))?.airports).toHaveLength(10);
  });

  it('remembers a refused list request, so the panel does not ask again for a day', async () => {
    stubGateway({ infoKeys: [] });
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    const before = Date.now();
    await callAirport({ what: 'airports' });
    expect(await airportListFailedAt.getValue()).toBeGreaterThanOrEqual(before);
    expect(await counted()).toBe(1);
  });

  it('with typed settings (the settings page Test): counted, nothing saved', async () => {
    stubGateway();
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    await airportKeys.setValue({ primary: '', secondary: '' });
    const typed = { origin: API, keys: { primary: GOOD } };
    const result = await callAirport({ what: 'wait-times', iata: 'ARN' }, { typed });
    expect(result.ok).toBe(true);
    expect(await counted()).toBe(1);
    expect(await readBoard(API, 'ARN')).toBeNull();
    expect(await recentAirports.getValue()).toEqual([]);
  });
});

describe('callAirport remembers the API version that answered', () => {
  it('asks v1 straight away once an address answered on v1 (a server of the spec, not the gateway)', async () => {
    const gateway = stubGateway({ versions: ['v1'] });
    stubPermissions({ host_permissions: ['https://gateway.example/*'] });
    await callAirport({ what: 'wait-times', iata: 'ARN' });
    await callAirport({ what: 'wait-times', iata: 'BMA' });
    expect(gateway.requests.map((request) => request.url.pathname)).toEqual([
      '/waittimepublic/v2/airports/ARN',
      '/waittimepublic/v1/airports/ARN',
      '/waittimepublic/v1/airports/BMA',
    ]);
    expect(await counted()).toBe(3);
  });
});

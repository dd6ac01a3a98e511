import { describe, expect, it } from 'vitest';
import type { AirportBoard, Checkpoint } from '@/lib/airport/airport-board';
import { boardTerminals, localFlight } from '@/lib/wait-times/flight-checkpoints';

const checkpoint = (id: string, terminal: string | null, extra: Partial<Checkpoint> = {}): Checkpoint => ({
  id,
  name: id,
  terminal,
  fastTrack: false,
  wait: { kind: 'minutes', minutes: 5 },
  measuredAt: null,
  ...extra,
});
const fra: Pick<AirportBoard, 'source' | 'checkpoints'> = {
  source: 'fra',
  checkpoints: [
    checkpoint('A', 'T1', { gates: [{ prefix: 'A', from: 1, to: 69 }] }),
    checkpoint('B', 'T1', { gates: [{ prefix: 'B', from: 1, to: 63 }] }),
    checkpoint('D', 'T2', { gates: [{ prefix: 'D', from: 1, to: 8 }] }),
  ],
};
const cph: Pick<AirportBoard, 'source' | 'checkpoints'> = { source: 'cph', checkpoints: [checkpoint('T2', 'T2'), checkpoint('T3', 'T3')] };
const ids = (found: ReturnType<typeof localFlight>) => found.checkpoints.map((c) => c.id);

describe('My flight where the feed answers no flight', () => {
  it('Frankfurt: the gate finds its checkpoint, typed in any form', () => {
    const found = localFlight(fra, { gate: 'b 44' });
    expect([ids(found), found.basis]).toEqual([['B'], { kind: 'gate', gate: 'B44' }]);
  });

  it('Frankfurt: a gate no checkpoint lists counts the airport, saying which gate', () => {
    const found = localFlight(fra, { gate: 'C9' });
    expect([ids(found), found.basis]).toEqual([['A', 'B', 'D'], { kind: 'gate-unlisted', gate: 'C9' }]);
  });

  it('Frankfurt without a gate: the airport', () => {
    expect(localFlight(fra, {}).basis).toEqual({ kind: 'airport' });
  });

  it('Copenhagen: the terminal typed, else the airport', () => {
    const found = localFlight(cph, { terminal: 'T3' });
    expect([ids(found), found.basis]).toEqual([['T3'], { kind: 'terminal', terminal: 'T3' }]);
    expect(localFlight(cph, {}).basis).toEqual({ kind: 'airport' });
    // A terminal the board no longer names: the airport, not nothing.
    expect(ids(localFlight(cph, { terminal: 'T9' }))).toEqual(['T2', 'T3']);
  });

  it('a gate typed at an airport whose feed lists none is not read', () => {
    expect(localFlight(cph, { gate: 'A1' }).basis).toEqual({ kind: 'airport' });
  });

  it('offers the terminals a board names, in order', () => {
    expect(
      boardTerminals({ checkpoints: [checkpoint('x', 'T10'), checkpoint('y', 'T2'), checkpoint('z', null), checkpoint('w', 'T2')] }),
    ).toEqual(['T2', 'T10']);
  });
});

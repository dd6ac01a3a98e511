import { describe, expect, it } from 'vitest';
import { checkpointsForGate, readGate, readGateSpans } from '@/lib/airport/gates';
import { fraTerminal, parseFra } from '@/lib/airport/sources/fra';
import { minutes, range, under, waits } from './helpers';

const entry = (ps: string, status: unknown) => ({ ps, status });

describe('Frankfurt: free text, and the gates behind each checkpoint (docs/airport-sources.md#fra)', () => {
  it('names the checkpoint by its first line and reads the gates from the next', () => {
    expect(parseFra({ data: [entry('Security checkpoint, Concourse A\r\nDeparture gates: A1 - A69', '5 min')] })).toEqual([
      {
        id: 'Security checkpoint, Concourse A',
        name: 'Security checkpoint, Concourse A',
        terminal: 'T1',
        fastTrack: false,
        wait: minutes(5),
        measuredAt: null,
        gates: [{ prefix: 'A', from: 1, to: 69 }],
      },
    ]);
  });

  it.each<[string, unknown, unknown]>([
    ['minutes', '12 min', minutes(12)],
    ['an interval', '10 - 15 min', range(10, 15)],
    ['under', '< 5 min', under(5)],
    ['at least', 'more than 30 min', { kind: 'at-least', minutes: 30 }],
    ['a figure', 7, minutes(7)],
    ['words: no figure', 'closed', null],
    ['nothing', '', null],
    ['missing', undefined, null],
  ])('status as %s', (_name, status, wait) => {
    expect(waits(parseFra({ data: [entry('Security checkpoint, Concourse B\nDeparture gates: B1 - B63', status)] }))).toEqual([
      ['Security checkpoint, Concourse B', wait],
    ]);
  });

  it('keeps the website’s own words where they hold no figure, and none where there are none', () => {
    const [closed, blank] = parseFra({
      data: [entry('Security checkpoint, Concourse C', 'Currently closed'), entry('Security checkpoint, Concourse D', ' ')],
    })!;
    expect(closed).toMatchObject({ wait: null, said: 'Currently closed' });
    expect(blank!.said).toBeUndefined();
  });

  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    ['an empty list: no checkpoint open', { data: [] }, []],
    [
      'entries without a name are left out',
      { data: [entry('Security checkpoint, Concourse A', '5 min'), { status: '9 min' }] },
      [['Security checkpoint, Concourse A', minutes(5)]],
    ],
    [
      'status renamed: each value missing',
      { data: [{ ps: 'Security checkpoint, Concourse A', waitingTime: '5 min' }] },
      [['Security checkpoint, Concourse A', null]],
    ],
    ['no entry with a name: the feed changed', { data: [{ name: 'A', status: '5 min' }] }, null],
    ['no data list: the feed changed', { checkpoints: [] }, null],
    ['not an object', [entry('A', '5 min')], null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseFra(body))).toEqual(expected);
  });

  it.each<[string, string | null]>([
    ['Security checkpoint, Concourse A', 'T1'],
    ['Security checkpoint, Concourse Z', 'T1'],
    ['Security checkpoint, Concourse C', 'T1'],
    ['Security checkpoint, Concourse D', 'T2'],
    ['Security checkpoint, Concourse E', 'T2'],
    ['Security checkpoint, Terminal 2', 'T2'],
    ['Sicherheitskontrolle, Halle B', 'T1'],
    ['Security checkpoint', null],
  ])('%s is in %s', (name, terminal) => {
    expect(fraTerminal(name)).toBe(terminal);
  });

  it.each<[string, unknown]>([
    ['A1 - A69', [{ prefix: 'A', from: 1, to: 69 }]],
    ['A1-A69', [{ prefix: 'A', from: 1, to: 69 }]],
    ['B1 – B63', [{ prefix: 'B', from: 1, to: 63 }]],
    [
      'A1 - A26, Z1 - Z25',
      [
        { prefix: 'A', from: 1, to: 26 },
        { prefix: 'Z', from: 1, to: 25 },
      ],
    ],
    ['D1 - 8', [{ prefix: 'D', from: 1, to: 8 }]],
    ['B20', [{ prefix: 'B', from: 20, to: 20 }]],
    ['C16 - C1', [{ prefix: 'C', from: 1, to: 16 }]],
    ['A1 - B10', []],
    ['none', []],
  ])('gates %j', (text, spans) => {
    expect(readGateSpans(text)).toEqual(spans);
  });

  it.each<[string, unknown]>([
    ['A26', { prefix: 'A', number: 26 }],
    ['a 26', { prefix: 'A', number: 26 }],
    ['Gate B44', { prefix: 'B', number: 44 }],
    ['gate c-4', { prefix: 'C', number: 4 }],
    ['A26a', { prefix: 'A', number: 26 }],
    ['26', null],
    ['AB26', null],
    ['', null],
  ])('the typed gate %j', (text, gate) => {
    expect(readGate(text)).toEqual(gate);
  });

  it('finds the checkpoints that serve a gate, regular lanes first', () => {
    const checkpoints = parseFra({
      data: [
        entry('Security checkpoint, Concourse A\r\nDeparture gates: A1 - A69', '5 min'),
        entry('Security checkpoint, Concourse B\r\nDeparture gates: B1 - B63', '10 min'),
        entry('Fast Lane, Concourse B\r\nDeparture gates: B1 - B63', '2 min'),
      ],
    })!;
    expect(checkpointsForGate(checkpoints, readGate('B44')!).map((c) => c.name)).toEqual([
      'Security checkpoint, Concourse B',
      'Fast Lane, Concourse B',
    ]);
    expect(checkpointsForGate(checkpoints, readGate('A70')!)).toEqual([]);
    expect(checkpointsForGate(checkpoints, readGate('C1')!)).toEqual([]);
  });
});

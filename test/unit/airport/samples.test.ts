// Every real capture of Swedavia's v2 API (copied verbatim from the research's airport-samples/,
// each with its .source.txt) through the client, the parser and the board model, checked as the
// words and order a traveller reads.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupByTerminal, isStale, unmeasuredCount, waitLevel } from '@/lib/airport/board';
import { flightWaitTimes, waitTimes } from '@/lib/airport/client';
import { explainAirportError } from '@/lib/wait-times/explain';
import { measuredText, waitLevelText, waitText } from '@/lib/wait-times/format';
import { parseWaitTimes } from '@/lib/airport/parse';
import { checkpointOfQueue } from '@/lib/airport/sources/swedavia-board';
import type { Queue } from '@/lib/airport/types';

const DIR = resolve(__dirname, 'samples');
const sample = (name: string) => readFileSync(resolve(DIR, name), 'utf8');
const manifest = JSON.parse(sample('MANIFEST.json')) as { samples: Array<{ file: string | null; path: string; status: number }> };

/** The sample answered by the real client through a fetch that replays it (status and body as captured). */
async function replay(file: string, status: number, iata: string) {
  const fetch = (async () =>
    new Response(sample(file), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })) as typeof globalThis.fetch;
  return waitTimes({ baseUrl: 'https://api.swedavia.se', key: 'k', apiVersion: 'v2', fetch }, iata);
}

/** What a row says: name, wait, level in words. */
const seen = (queue: Queue) => {
  const { wait } = checkpointOfQueue(queue);
  return [queue.name, waitText(wait), waitLevelText(waitLevel(wait!), queue.overflow)];
};
const asCheckpoints = (queues: Queue[]) => queues.map(checkpointOfQueue);
const rowsOf = (queues: Queue[], name: string) =>
  groupByTerminal(asCheckpoints(queues), name).map((group) => [
    group.label,
    group.checkpoints.map((checkpoint) => seen(queues.find((queue) => String(queue.id) === checkpoint.id)!)),
  ]);
/** Stockholm's clock and Swedavia's 15-minute step. */
const stockholm = (measuredAt: string | null) => ({ measuredAt, timeZone: 'Europe/Stockholm', stepMinutes: 15 });

describe('the real captures', () => {
  it('are all here with their source notes', () => {
    const files = readdirSync(DIR);
    for (const entry of manifest.samples) {
      if (!entry.file) continue;
      expect(files).toContain(entry.file);
      expect(files).toContain(`${entry.file}.source.txt`);
    }
  });

  it('ARN: seven queues in four terminals, regular before FastTrack, in minutes, at 15:27 Stockholm time', async () => {
    const result = await replay('waittime-v2-ARN.json', 200, 'ARN');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { queues, measuredAt, activeStations } = result.value;
    expect([measuredAt, activeStations, queues.length]).toEqual(['2026-09-29T13:27:04Z', 7, 7]);
    expect(unmeasuredCount(activeStations, queues.length)).toBe(0);
    expect(rowsOf(queues, 'Stockholm Arlanda Airport')).toEqual([
      [
        'T2',
        [
          ['Security Terminal 2', '4 min', 'short wait'],
          ['Security Terminal 2 FastTrack', '0 min', 'short wait'],
        ],
      ],
      ['T3', [['Security Terminal 3', '0 min', 'short wait']]],
      [
        'T4',
        [
          ['Security Terminal 4', '1 min', 'short wait'],
          ['Security Terminal 4 FastTrack', '0 min', 'short wait'],
        ],
      ],
      [
        'T5',
        [
          ['Security Terminal 5F', '2 min', 'short wait'],
          ['Security Terminal 5F FastTrack', '1 min', 'short wait'],
        ],
      ],
    ]);
    const threeMinutesLater = Date.parse('2026-09-29T13:30:10Z');
    expect(measuredText(stockholm(measuredAt), threeMinutesLater, 'en-GB', 'Europe/Stockholm')).toBe('Measured 15:27 (3 min ago)');
    expect(measuredText(stockholm(measuredAt), threeMinutesLater, 'en-GB', 'America/New_York')).toBe(
      'Measured 15:27 (Stockholm time), 3 min ago',
    );
    expect(isStale(measuredAt, threeMinutesLater, 15)).toBe(false);
  });

  it('BMA: one queue, no terminal, under the airport name; the next capture is one 15-minute step later', async () => {
    const result = await replay('waittime-v2-BMA.json', 200, 'BMA');
    if (!result.ok) throw new Error('BMA did not parse');
    const { queues, measuredAt, activeStations } = result.value;
    expect(rowsOf(queues, 'Bromma Stockholm Airport')).toEqual([
      ['Bromma Stockholm Airport', [['Security Bromma', '0 min', 'short wait']]],
    ]);
    expect(activeStations).toBe(1);
    // ARN's capture 13:27:04, BMA's 13:42:04: the snapshot moves in steps of 15 minutes, same seconds.
    expect(Date.parse(measuredAt!) - Date.parse('2026-09-29T13:27:04Z')).toBe(15 * 60_000);
  });

  it('ARN per flight: the two Terminal 5F queues', async () => {
    const result = await replay('waittime-v2-ARN-flight.json', 200, 'ARN');
    if (!result.ok) throw new Error('the flight answer did not parse');
    expect(result.value.activeStations).toBe(2);
    expect(rowsOf(result.value.queues, 'Stockholm Arlanda Airport')).toEqual([
      [
        'T5',
        [
          ['Security Terminal 5F', '4 min', 'short wait'],
          ['Security Terminal 5F FastTrack', '0 min', 'short wait'],
        ],
      ],
    ]);
  });

  it('GOT entries (wrapper not published): read as a bare list, and long out of date', () => {
    const parsed = parseWaitTimes(JSON.parse(sample('waittime-v2-GOT-entries-2023-12-04.json')));
    expect(parsed?.activeStations).toBeNull();
    expect(parsed?.queues.map(seen)).toEqual([
      ['Security Landvetter FastTrack', '2 min', 'short wait'],
      ['Security Landvetter', '7 min', 'short wait'],
    ]);
    expect(isStale(parsed!.measuredAt, Date.parse('2026-09-29T13:30:00Z'), 15)).toBe(true);
    expect(measuredText(stockholm(parsed!.measuredAt), Date.parse('2023-12-04T10:30:00Z'), 'en-GB', 'Europe/Stockholm')).toBe(
      'Last update 10:52 (37 min ago)',
    );
  });

  it.each(['KRN', 'LLA', 'MMX', 'OSD', 'RNB', 'UME', 'VBY'])('%s: 400 "not supported" is a calm state, not an error', async (iata) => {
    const result = await replay(`error-400-unsupported-${iata}.body`, 400, iata);
    expect(!result.ok && result.error).toMatchObject({
      kind: 'unsupported-airport',
      status: 400,
      serverMessage: `Airport ${iata} not supported`,
    });
    expect(!result.ok && explainAirportError(result.error)).toMatchObject({ tone: 'info', next: 'none' });
  });

  it('unknown flight: the 400 string becomes flight-not-found, and no request is made for a number that cannot be one', async () => {
    const sent: string[] = [];
    const fetch = (async (url: string) => {
      sent.push(url);
      return new Response(sample('error-400-unknown-flight.body'), {
        status: 400,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    }) as unknown as typeof globalThis.fetch;
    const cfg = { baseUrl: 'https://api.swedavia.se', key: 'k', fetch };
    const result = await flightWaitTimes(cfg, 'arn', 'xx 0000', '2026-09-29');
    expect(sent).toEqual(['https://api.swedavia.se/waittimepublic/v2/airports/ARN/flights?flightid=XX0000&date=2026-09-29']);
    expect(!result.ok && result.error).toMatchObject({ kind: 'flight-not-found', status: 400, calls: 1 });
    expect(await flightWaitTimes(cfg, 'ARN', 'XX 00000', '2026-09-29')).toEqual({
      ok: false,
      error: { kind: 'invalid-flight', reason: 'format', calls: 0 },
    });
    expect(sent).toHaveLength(1);
  });
});

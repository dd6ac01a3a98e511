// Answers of any size or shape: read or refused, never a stack overflow, a freeze or a throw.
// The same cases run in Chromium in test/e2e/airport-xml.e2e.ts.
import { describe, expect, it } from 'vitest';
import { toAirportError } from '@/lib/airport/errors';
import { parseAirportsXml, parseWaitTimesXml } from '@/lib/airport/parse';
import { fuzzXml } from '../../support/xml-fuzz';

const PLACE =
  '<Place><id>7</id><queueName>Security Last</queueName><currentTime>2026-09-29T13:27:04Z</currentTime>' +
  '<currentProjectedWaitTime>3</currentProjectedWaitTime><isFastTrack>false</isFastTrack><terminal>T5</terminal>' +
  '<latitude>59.6</latitude><longitude>17.9</longitude></Place>';

/** The message a 400 answer's body becomes. */
const messageOf = (body: string) => toAirportError({ kind: 'bad-request', status: 400, serverMessage: body }, 1).serverMessage;

// happy-dom's parser needs seconds for documents this size, more than the default timeout.
const SLOW = 60_000;

describe('wide and deep XML', () => {
  it(
    'reads 200,000 sibling entries',
    () => {
      const text = `<PlaceWaitTime><waitTimes>${'<Place/>'.repeat(200_000)}${PLACE}</waitTimes></PlaceWaitTime>`;
      expect(parseWaitTimesXml(text)?.queues).toEqual([expect.objectContaining({ id: 7, name: 'Security Last' })]);
    },
    SLOW,
  );

  it(
    'reads nesting 100,000 deep as malformed',
    () => {
      const deep = (inner: string) => '<a>'.repeat(100_000) + inner + '</a>'.repeat(100_000);
      expect(parseWaitTimesXml(`<PlaceWaitTime>${deep(PLACE)}</PlaceWaitTime>`)).toBeNull();
      const message = `<string>${deep('Airport MMX not supported')}</string>`;
      expect(messageOf(message)).toBe(message);
    },
    SLOW,
  );
});

describe('random input', () => {
  it('never throws from the XML readers or the error sorter', () => {
    for (let seed = 1; seed <= 500; seed++) {
      for (const input of fuzzXml(seed)) {
        expect(() => parseWaitTimesXml(input), `seed ${seed}`).not.toThrow();
        expect(() => parseAirportsXml(input), `seed ${seed}`).not.toThrow();
        expect(() => messageOf(`<${input}`), `seed ${seed}`).not.toThrow();
      }
    }
  });
});

// An answer refused for its size is said in Pushgate's words, where the person looks, with what
// the answer should have held and what to check.
import { describe, expect, it } from 'vitest';
import { explainCheckFailure } from '@/components/options/check-instance';
import { airportFeedback, type AirportCheck } from '@/components/options/airport-check';
import { explainPushesError } from '@/lib/push-lists/explain';
import type { HttpError } from '@/lib/http';
import { explainPushError } from '@/lib/share/explain';
import { explainAirportError } from '@/lib/wait-times/explain';
import { loadMessages, makeGetMessage } from '../support/messages';

const tooLarge: HttpError = { kind: 'too-large', status: 200, limitBytes: 4 * 1024 * 1024 };
const overfull: HttpError = { kind: 'too-large', status: 200, limitItems: 50 };

describe('a Password Pusher answer too large to read', () => {
  it('is explained for a push, with the settings to check', () => {
    expect(explainPushError(tooLarge)).toEqual({
      message: expect.stringMatching(/^The instance sent an answer far larger than a push can be; Pushgate stopped reading it\./),
      next: 'open-options',
    });
  });

  it.each([tooLarge, overfull])('is explained for a page of the list and of the audit log', (error) => {
    expect(explainPushesError(error, 'list', true).message).toMatch(
      /far larger than a page of 50 pushes can be; Pushgate stopped reading it/,
    );
    expect(explainPushesError(error, 'audit', true).message).toMatch(/far larger than a page of 50 audit events can be/);
    expect(explainPushesError(error, 'expire', true).message).toMatch(/far larger than a push can be/);
  });

  it('is explained on the settings page for the instance checked', () => {
    expect(explainCheckFailure('https://pw.example', tooLarge)).toMatch(
      /^https:\/\/pw\.example sent an answer far larger than Password Pusher sends; Pushgate stopped reading it\./,
    );
  });
});

describe('an airport answer too large to read', () => {
  it('is explained on the board, counted, with the settings to check', () => {
    expect(explainAirportError({ kind: 'too-large', calls: 1, limitBytes: 512 * 1024 })).toEqual({
      message: expect.stringMatching(
        /^The airport service sent an answer far larger than an airport's wait times can be; Pushgate stopped reading it\./,
      ),
      next: 'open-options',
      tone: 'error',
    });
  });

  it('is explained by the settings page Test', () => {
    const check: AirportCheck = {
      origin: 'https://api.example',
      iata: 'ARN',
      secondaryGiven: false,
      result: { ok: false, error: { kind: 'too-large', calls: 1, limitBytes: 1 } },
    };
    expect(airportFeedback(check, false).alert.join(' ')).toMatch(/far larger than an airport's wait times can be/);
  });
});

describe('in Swedish', () => {
  const sv = makeGetMessage(loadMessages('sv'));
  it.each([
    ['errorAnswerTooLarge', /långt större än en push kan vara/],
    ['pushesListTooLarge', /50 pushar/],
    ['pushesAuditTooLarge', /50 händelser/],
    ['airportErrorTooLarge', /långt större än/],
  ])('%s', (key, words) => {
    expect(sv(key)).toMatch(words);
  });
});

// Server text put into one of Pushgate's sentences is isolated between FSI and PDI (U+2068 …
// U+2069), so bidi controls in it (U+202A–U+202E, U+2066–U+2069) cannot reorder the sentence.
import { describe, expect, it } from 'vitest';
import { feedbackFor } from '@/components/options/check-feedback';
import { describePush } from '@/components/pushes/useRowActions';
import { explainPushError } from '@/lib/share/explain';
import { bidiSafe, serverText } from '@/lib/short-text';
import { explainAirportError } from '@/lib/wait-times/explain';
import { makePush } from '@/test/support/pwpush-fixtures';

const FSI = '\u2068';
const PDI = '\u2069';
const RLO = '\u202E';
const isolated = (text: string) => `${FSI}${text}${PDI}`;

describe('serverText', () => {
  it('cuts server text and isolates it', () => {
    expect(serverText(`  ${RLO}evil  `)).toBe(isolated(`${RLO}evil`));
    const long = serverText('x'.repeat(500));
    expect(long.startsWith(FSI) && long.endsWith(`…${PDI}`)).toBe(true);
    expect(Array.from(long)).toHaveLength(202);
  });

  it('drops a PDI that would close the isolate early, and closes isolates left open', () => {
    expect(bidiSafe(`a${PDI}${RLO}b`)).toBe(`a${RLO}b`);
    expect(bidiSafe(`\u2067x${PDI}${PDI}`)).toBe(`\u2067x${PDI}`);
    expect(bidiSafe('\u2066\u2067x')).toBe(`\u2066\u2067x${PDI}${PDI}`);
  });

  it('turns paragraph separators into spaces: a new paragraph would escape the isolate', () => {
    expect(bidiSafe(`a\u2029${RLO}b\nc\r\u0085\u001c`)).toBe(`a ${RLO}b c   `);
  });
});

describe('server text in a sentence of ours is isolated', () => {
  it('in a Password Pusher failure', () => {
    expect(explainPushError({ kind: 'bad-request', status: 400, serverMessage: `${RLO}Invalid` }).message).toContain(
      `“${isolated(`${RLO}Invalid`)}”`,
    );
    expect(explainPushError({ kind: 'redirect', location: `https://x.example/${RLO}` }).message).toContain(
      isolated(`https://x.example/${RLO}`),
    );
    expect(explainPushError({ kind: 'unexpected', detail: 'untrusted-link', serverMessage: 'javascript:1' }).message).toContain(
      isolated('javascript:1'),
    );
  });

  it('in an airport failure', () => {
    expect(explainAirportError({ kind: 'bad-request', calls: 1, serverMessage: `${RLO}Nope` }).message).toContain(isolated(`${RLO}Nope`));
    expect(explainAirportError({ kind: 'redirect', calls: 1, location: 'https://y.example/' }).message).toContain(
      isolated('https://y.example/'),
    );
  });

  it("in the pushes page's words about a push", () => {
    expect(describePush({ ...makePush({ name: `${RLO}Router` }), baseUrl: 'https://pwpush.example' } as never)).toBe(
      isolated(`${RLO}Router`),
    );
  });

  it("in the settings page's summary of the instance", () => {
    const info = {
      applicationVersion: `2.11.4${RLO}`,
      apiVersion: '2.1',
      edition: 'oss',
      features: { pushesEnabled: true, anonymousAccess: true },
    };
    const { status } = feedbackFor({ ok: true, origin: 'https://pw.example', info, token: { kind: 'none' } } as never, false);
    expect(status.join(' ')).toContain(isolated(`2.11.4${RLO}`));
  });
});

import { describe, expect, it } from 'vitest';
import { notificationText } from '@/lib/watches/safe-text';

const FSI = '\u2068';
const PDI = '\u2069';

describe('a feed’s own text in a notification', () => {
  it.each<[name: string, text: string, shown: string]>([
    ['plain text as it is, isolated', 'Terminal 2', 'Terminal 2'],
    ['no markup a notification server could read', '<b>T2</b> <img src=x onerror=alert(1)>', '‹b›T2‹/b› ‹img src=x onerror=alert(1)›'],
    ['no entity either', 'Security &amp; Passport', 'Security ＆amp; Passport'],
    ['no line breaks or controls', 'Terminal\r\n2\u0000\u0007', 'Terminal 2'],
    ['no bidi override that would reorder the sentence', 'T2\u202E nim 54', 'T2 nim 54'],
    ['no stray isolate closer', 'T2\u2069\u2069', 'T2'],
    ['no invisible characters', 'Ter\u200Bminal\uFEFF 2', 'Terminal 2'],
  ])('%s', (_name, text, shown) => {
    expect(notificationText(text)).toBe(`${FSI}${shown}${PDI}`);
  });

  it('at most 60 characters, cut with an ellipsis', () => {
    const shown = notificationText('Security checkpoint '.repeat(10));
    expect(Array.from(shown.slice(1, -1))).toHaveLength(60);
    expect(shown.slice(-2, -1)).toBe('…');
  });
});

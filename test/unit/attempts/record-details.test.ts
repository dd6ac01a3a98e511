import { describe, expect, it } from 'vitest';
import { entryFrom } from '@/lib/history/entries';
import { recordDetails } from '@/lib/attempts/record-details';
import { makePush } from '@/test/support/pwpush-fixtures';

const file = (name: string) => new File(['contents never kept'], name);

describe('what the history keeps beside the answer', () => {
  it.each([
    ['a text push', { kind: 'text', passphrase: 'p' } as const, undefined, { kind: 'text', passphraseProtected: true }],
    [
      'a file push: its file names',
      { kind: 'file', files: [file('payroll.xlsx'), file('keys.txt')] } as const,
      true,
      {
        kind: 'file',
        passphraseProtected: false,
        withToken: true,
        fileNames: ['payroll.xlsx', 'keys.txt'],
      },
    ],
    [
      'a file push without files',
      { kind: 'file', files: [] } as const,
      false,
      { kind: 'file', passphraseProtected: false, withToken: false },
    ],
  ])('%s', (_name, input, withToken, details) => {
    expect(recordDetails(input, withToken)).toEqual(details);
  });

  it('keeps file names, at most 20, never what else the details carry', () => {
    const names = Array.from({ length: 25 }, (_, i) => `f${i}.txt`);
    const entry = entryFrom('https://pwpush.example', makePush(), { kind: 'file', passphraseProtected: false, fileNames: names }, 1);
    expect(entry.fileNames).toEqual(names.slice(0, 20));
    expect(JSON.stringify(entry)).not.toContain('contents never kept');
  });
});

import { describe, expect, it } from 'vitest';
import { PACKAGES, textForPackage } from '../../build/packages.mjs';

/** build/packages.mjs: one text (docs/privacy.md, store/reviewer-note.md) read for each package. */

const SOURCE = [
  'Pushgate does things.',
  '<!-- share -->',
  'It shares.',
  '<!-- share only -->',
  'Only Pushgate shares here.',
  '<!-- /share only -->',
  '<!-- /share -->',
  '<!-- airport -->',
  'It shows airports.',
  '<!-- pushgate only -->',
  'Both live in one.',
  '<!-- /pushgate only -->',
  '<!-- /airport -->',
  '<!-- airport only -->',
  'The toolbar button opens the panel.',
  '<!-- /airport only -->',
  'The end.',
].join('\n');

describe('textForPackage', () => {
  it.each([
    ['pushgate', 'Pushgate', ['Pushgate does things.', 'It shares.', 'It shows airports.', 'Both live in one.', 'The end.']],
    ['share', 'Pushgate Share', ['Pushgate Share does things.', 'It shares.', 'Only Pushgate Share shares here.', 'The end.']],
    [
      'airport',
      'Pushgate Airport',
      ['Pushgate Airport does things.', 'It shows airports.', 'The toolbar button opens the panel.', 'The end.'],
    ],
  ] as const)('%s: keeps its purposes, its own blocks, and calls itself %s', (id, name, lines) => {
    expect(textForPackage(PACKAGES[id], SOURCE, name, 'test.md').split('\n')).toEqual(lines);
  });

  it.each([
    ['a block closed by another', '<!-- share -->\nx\n<!-- /airport -->', 'test.md: <!-- /airport --> closes no <!-- airport -->'],
    ['a package block closed as a purpose', '<!-- share only -->\nx\n<!-- /share -->', 'test.md: <!-- /share --> closes no <!-- share -->'],
    ['a block never closed', '<!-- airport only -->\nx', 'test.md: <!-- airport only --> is never closed'],
  ])('refuses %s', (_what, source, message) => {
    expect(() => textForPackage(PACKAGES.share, source, 'Pushgate Share', 'test.md')).toThrow(message);
  });
});

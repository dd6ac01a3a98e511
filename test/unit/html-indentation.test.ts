import { describe, expect, it } from 'vitest';
import { withoutIndentation } from '@/build/html-indentation';

describe("the popup's HTML without its indentation (build/html-indentation.ts)", () => {
  it.each([
    ['indented lines', '<main>\n    <p>One</p>\n    <p>Two</p>\n  </main>', '<main>\n<p>One</p>\n<p>Two</p>\n</main>'],
    ['tabs too', '<ul>\n\t\t<li>a</li>\n\t</ul>', '<ul>\n<li>a</li>\n</ul>'],
    [
      'a space between two buttons stays a line break',
      '<p>\n  <button>A</button>\n  <button>B</button>\n</p>',
      '<p>\n<button>A</button>\n<button>B</button>\n</p>',
    ],
    [
      'spaces inside a line are kept',
      '<span aria-hidden="true">✈ </span><span>Go</span>',
      '<span aria-hidden="true">✈ </span><span>Go</span>',
    ],
    [
      'a textarea keeps its content whole',
      '<div>\n  <textarea id="t">\n    kept\n  </textarea>\n  <p>x</p>\n</div>',
      '<div>\n<textarea id="t">\n    kept\n  </textarea>\n<p>x</p>\n</div>',
    ],
    ['a pre keeps its content whole', '<pre>\n  a\n    b</pre>\n  <i>c</i>', '<pre>\n  a\n    b</pre>\n<i>c</i>'],
  ])('%s', (_, html, expected) => {
    expect(withoutIndentation(html)).toBe(expected);
  });

  it('refuses a textarea without its end tag, whose content it cannot tell', () => {
    expect(() => withoutIndentation('<div>\n  <textarea>\n  text')).toThrow(/without its end tag/);
  });
});

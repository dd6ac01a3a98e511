/**
 * What a page's text and click targets measure, read with `getComputedStyle` and
 * `getBoundingClientRect` in the page itself. The Chromium and the Firefox suites both send
 * `measureReadability` to their pages, so it is plain JavaScript with nothing from outside its body.
 */
import { expect } from 'vitest';

/** The body text's size the theme asks for (components/theme.css). */
export const BODY_TEXT_PX = 14;
/** The smallest text any page may show, hints included. */
export const MIN_TEXT_PX = 12;

export interface Readability {
  /** The body's computed font size (px) and family, and the family the theme sets on the root. */
  body: { fontSize: number; fontFamily: string; rootFamily: string };
  /** Every visible `.hint`, with its computed font size (px). */
  hints: Array<{ what: string; fontSize: number }>;
  /** Visible text whose computed font size is under `minTextPx`. */
  smallText: Array<{ what: string; fontSize: number }>;
  /** Buttons and labels whose text spills out of their box (squeezed narrower than their words). */
  spilling: string[];
  /** Visible elements that reach past the body's right edge (a window's or a popup's), outside any scrolling box. */
  cutOff: string[];
  /** How many visible targets were measured. */
  targets: number;
  /**
   * Targets under 24 × 24 CSS px that lack the spacing WCAG 2.2 (2.5.8) allows instead: a 24 px
   * circle centred on each may meet neither another target nor another such circle.
   */
  smallTargets: Array<{ what: string; width: number; height: number }>;
}

/** Measures `doc`: the page's own, or one it can reach (Firefox's toolbar popup, from a tab). */
export function measureReadability(minTextPx: number, doc: Document = document): Readability {
  const MIN = 24;
  const view = doc.defaultView!;
  const getComputedStyle = (element: Element) => view.getComputedStyle(element);
  const selector = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((name) => `.${name}`).join('')}`;
  // Where an element is, as its parent's selector and its own, and what it says: enough to find it in the page.
  const name = (element: Element) => {
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${element.parentElement ? `${selector(element.parentElement)} > ` : ''}${selector(element)} "${text}"`;
  };
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('.visually-hidden');
  };
  const px = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize);

  const bodyStyle = getComputedStyle(doc.body);
  const body = {
    fontSize: Number.parseFloat(bodyStyle.fontSize),
    fontFamily: bodyStyle.fontFamily,
    rootFamily: getComputedStyle(doc.documentElement).fontFamily,
  };
  const hints = [...doc.querySelectorAll('.hint')].filter(shown).map((hint) => ({ what: name(hint), fontSize: px(hint) }));

  const smallText: Readability['smallText'] = [];
  const walker = doc.createTreeWalker(doc.body, view.NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || seen.has(parent) || !node.textContent?.trim()) continue;
    seen.add(parent);
    if (shown(parent) && px(parent) < minTextPx) smallText.push({ what: name(parent), fontSize: px(parent) });
  }

  const edge = doc.body.getBoundingClientRect().right + 1;
  const scrolls = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
  const inScroller = (element: Element) => {
    for (let up = element.parentElement; up && up !== doc.body; up = up.parentElement) if (scrolls(up)) return true;
    return false;
  };
  const cutOff = [...doc.body.querySelectorAll('*')]
    .filter((element) => shown(element) && element.getBoundingClientRect().right > edge && !inScroller(element))
    .map(name);

  // A checkbox or radio is clicked through its label too: the label is the target.
  const controls = [
    ...doc.querySelectorAll('button, summary, select, textarea, input:not([type="hidden"]), a[href], [role="tab"], [role="button"]'),
  ];
  const targets = [
    ...new Set(
      controls.map((control) => {
        const label = control.closest('label');
        const type = control.getAttribute('type');
        return control.tagName === 'INPUT' && (type === 'checkbox' || type === 'radio') && label ? label : control;
      }),
    ),
  ]
    .filter(shown)
    // A link inside a sentence is exempt (2.5.8's "inline" exception): its size is the line's.
    .filter(
      (target) =>
        !(
          target.tagName === 'A' &&
          getComputedStyle(target).display === 'inline' &&
          target.parentElement?.textContent?.trim() !== target.textContent?.trim()
        ),
    );
  const spilling = targets
    .filter((target) => !target.matches('input, textarea, select') && target.scrollWidth > target.clientWidth + 1)
    .map(name);
  const boxes = targets.map((target) => ({ target, box: target.getBoundingClientRect() }));
  const undersized = boxes.filter(({ box }) => box.width < MIN - 0.01 || box.height < MIN - 0.01);
  const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  const meetsBox = (point: { x: number; y: number }, box: DOMRect) => {
    const dx = Math.max(box.left - point.x, 0, point.x - box.right);
    const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
    return Math.hypot(dx, dy) < MIN / 2;
  };
  const smallTargets = undersized
    .filter(({ target, box }) => {
      const point = centre(box);
      return boxes.some((other) => {
        if (other.target === target || other.target.contains(target) || target.contains(other.target)) return false;
        if (meetsBox(point, other.box)) return true;
        const otherPoint = centre(other.box);
        return (
          undersized.some((small) => small.target === other.target) && Math.hypot(point.x - otherPoint.x, point.y - otherPoint.y) < MIN
        );
      });
    })
    .map(({ target, box }) => ({ what: name(target), width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 }));
  return { body, hints, smallText, spilling, cutOff, targets: targets.length, smallTargets };
}

/**
 * Body text at the theme's size and family, hints and every other text readable, every target
 * hittable. Every problem is reported, each kind of element once.
 */
export function expectReadable(found: Readability, where: string): void {
  const once = (items: Array<{ what: string; fontSize: number }>) => [
    ...new Set(items.map(({ what, fontSize }) => `${what.replace(/ ".*"$/, '')} ${fontSize}px`)),
  ];
  expect.soft(found.body.fontSize, `${where}: body text`).toBe(BODY_TEXT_PX);
  expect.soft(found.body.fontFamily, `${where}: body font`).toBe(found.body.rootFamily);
  expect.soft(once(found.hints.filter((hint) => hint.fontSize < MIN_TEXT_PX)), `${where}: hints under ${MIN_TEXT_PX} px`).toEqual([]);
  expect.soft(once(found.smallText), `${where}: text under ${MIN_TEXT_PX} px`).toEqual([]);
  expect.soft(found.spilling, `${where}: text spilling out of its control`).toEqual([]);
  expect.soft(found.cutOff, `${where}: cut off at the right edge`).toEqual([]);
  expect.soft(found.targets, `${where}: targets measured`).toBeGreaterThan(0);
  expect.soft(found.smallTargets, `${where}: targets under 24 × 24 px without the spacing`).toEqual([]);
}

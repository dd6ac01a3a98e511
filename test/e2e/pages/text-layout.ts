/**
 * Text that a longer language pushes out of place, read in the page itself with
 * `getComputedStyle` and `Range.getClientRects`: text clipped by its box, and text drawn over
 * other text. Plain JavaScript with nothing from outside its body, so it can be sent to the real
 * toolbar popup as well as to a Playwright page.
 */
export interface TextLayout {
  /** Elements that hide part of their own text (overflow hidden or clipped, or an ellipsis). */
  clipped: string[];
  /** Pairs of visible text runs drawn over each other. */
  overlapping: string[];
  /** How many visible text runs were compared. */
  runs: number;
}

export function measureTextLayout(doc: Document = document): TextLayout {
  const view = doc.defaultView!;
  const style = (element: Element) => view.getComputedStyle(element);
  const label = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
  // Text kept for screen readers only sits in a 1 px box that hides it (`.visually-hidden`, the cards' table head).
  const forScreenReaders = (element: Element) => {
    for (let up: Element | null = element; up; up = up.parentElement) {
      const box = up.getBoundingClientRect();
      if ((box.width <= 1 || box.height <= 1) && style(up).overflow !== 'visible') return true;
    }
    return false;
  };
  // A closed <details> keeps boxes for its content in Chromium (content-visibility: hidden), unpainted.
  const folded = (element: Element) => {
    const details = element.closest('details:not([open])');
    return details !== null && !element.closest('summary');
  };
  const visible = (element: Element) => {
    if (folded(element)) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && style(element).visibility !== 'hidden' && !forScreenReaders(element);
  };

  const hides = (element: Element) => {
    const s = style(element);
    return [s.overflowX, s.overflowY].some((value) => value === 'hidden' || value === 'clip') || s.textOverflow === 'ellipsis';
  };
  const clipped = [...doc.body.querySelectorAll('*')]
    .filter((element) => visible(element) && hides(element) && (element.textContent ?? '').trim() !== '')
    .filter((element) => !element.matches('input, textarea, select, pre, code, details:not([open])'))
    // Shortened on purpose, and shown whole on focus and in its title (the Pushes page's token).
    .filter((element) => !(element.hasAttribute('title') && element.getAttribute('tabindex') === '0'))
    .filter((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
    .map(label);

  // One rectangle per line of each text node. A line covered by a layer made to float over the
  // page (the popup's sticky Push row over the scrolled form, a dialog) is no layout fault; covered
  // by anything else, it is text hidden under other content.
  const floats = (element: Element | null) => {
    for (let up = element; up; up = up.parentElement) {
      if (up.tagName === 'DIALOG' || ['sticky', 'fixed'].includes(style(up).position)) return true;
    }
    return false;
  };
  const overlapping: string[] = [];
  const runs: Array<{ owner: Element; box: DOMRect }> = [];
  const walker = doc.createTreeWalker(doc.body, view.NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!owner || !node.textContent?.trim() || !visible(owner) || owner.closest('option, script, style')) continue;
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      if (box.width < 1 || box.height < 1) continue;
      const hit = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || hit === owner || owner.contains(hit) || hit.contains(owner)) runs.push({ owner, box });
      else if (!floats(hit)) overlapping.push(`${label(owner)} under ${label(hit)}`);
    }
  }
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const a = runs[i]!;
      const b = runs[j]!;
      if (a.owner === b.owner) continue;
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      // Lines of one paragraph may touch by a pixel where the font's box is taller than the line.
      if (width > 2 && height > 3) overlapping.push(`${label(a.owner)} × ${label(b.owner)}`);
    }
  }
  return { clipped, overlapping: [...new Set(overlapping)], runs: runs.length };
}

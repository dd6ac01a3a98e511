/**
 * A small, tolerant reader for the flat XML the airport APIs send when a server answers
 * `application/xml` (reference §1.1; shapes `PlaceWaitTime` and `AirportArray`). Not DOMParser:
 * the MV3 service worker has none, and one code path behaves the same in worker, pages and tests.
 * Tolerates prologs, comments, CDATA, namespace prefixes and attributes. A DOCTYPE is skipped
 * and entities are never expanded from it (no entity-expansion tricks). Broken nesting → null.
 */

export interface XmlElement {
  /** Local name: `a:queueName` → `queueName`. */
  name: string;
  /** By local name; `xmlns` declarations left out. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded, not trimmed. */
  text: string;
}

const MAX_DEPTH = 64;
const NAME = /[^\s/>=]+/y;
const ATTRIBUTE = /\s*([^\s/>=]+)\s*=\s*("([^"]*)"|'([^']*)')/y;
/** `<!DOCTYPE …>` with an optional internal subset, skipped unread. */
const DOCTYPE = /<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/iy;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return NAMED_ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The index just past `marker` at or after `from`, or -1 when it never comes. */
function after(s: string, marker: string, from: number): number {
  const end = s.indexOf(marker, from);
  return end === -1 ? -1 : end + marker.length;
}

/** Parses a document into its root element, or null when it is not well-formed enough to trust. */
export function readXml(source: string): XmlElement | null {
  const s = source.replace(/^\uFEFF/, '');
  const stack: Array<{ raw: string; element: XmlElement }> = [];
  let root: XmlElement | null = null;
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    const textEnd = lt === -1 ? s.length : lt;
    const chunk = s.slice(i, textEnd);
    const top = stack[stack.length - 1];
    if (top) top.element.text += decode(chunk);
    else if (chunk.trim() !== '') return null;
    if (lt === -1) break;
    if (s.startsWith('<!--', lt)) i = after(s, '-->', lt + 4);
    else if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end === -1 || !top) return null;
      top.element.text += s.slice(lt + 9, end);
      i = end + 3;
    } else if (s.startsWith('<?', lt)) i = after(s, '?>', lt + 2);
    else if (s.startsWith('<!', lt)) {
      DOCTYPE.lastIndex = lt;
      i = DOCTYPE.exec(s) ? DOCTYPE.lastIndex : -1;
    } else if (s[lt + 1] === '/') {
      const end = s.indexOf('>', lt);
      if (end === -1 || !top || s.slice(lt + 2, end).trim() !== top.raw) return null;
      stack.pop();
      i = end + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const raw = NAME.exec(s)?.[0];
      if (!raw) return null;
      const element: XmlElement = { name: localName(raw), attributes: {}, children: [], text: '' };
      let at = lt + 1 + raw.length;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attribute = ATTRIBUTE.exec(s);
        if (!attribute) break;
        const name = attribute[1]!;
        if (name !== 'xmlns' && !name.startsWith('xmlns:')) {
          element.attributes[localName(name)] = decode(attribute[3] ?? attribute[4] ?? '');
        }
        at = ATTRIBUTE.lastIndex;
      }
      const rest = /\s*(\/?)>/y;
      rest.lastIndex = at;
      const close = rest.exec(s);
      if (!close) return null;
      if (top) top.element.children.push(element);
      else if (root) return null;
      else root = element;
      if (close[1] !== '/') {
        if (stack.length >= MAX_DEPTH) return null;
        stack.push({ raw, element });
      }
      i = rest.lastIndex;
    }
    if (i === -1) return null;
  }
  return stack.length === 0 ? root : null;
}

/**
 * The elements that look like list entries: those with a child named `marker` (any case),
 * in document order. Entries are not searched inside, so nested data cannot pose as one.
 */
export function findEntries(root: XmlElement, marker: string): XmlElement[] {
  const wanted = marker.toLowerCase();
  const found: XmlElement[] = [];
  const pending: XmlElement[] = [root];
  while (pending.length) {
    const element = pending.pop()!;
    if (element.children.some((child) => child.name.toLowerCase() === wanted)) found.push(element);
    else pending.push(...[...element.children].reverse());
  }
  return found;
}

/** Whether the tree holds an element with one of these names (any case). */
export function hasElement(root: XmlElement, names: readonly string[]): boolean {
  const wanted = names.map((name) => name.toLowerCase());
  const pending: XmlElement[] = [root];
  while (pending.length) {
    const element = pending.pop()!;
    if (wanted.includes(element.name.toLowerCase())) return true;
    pending.push(...element.children);
  }
  return false;
}

/** An entry's simple children as a record: `xsi:nil="true"` → null, text trimmed. */
export function toRecord(element: XmlElement): Record<string, string | null> {
  const record: Record<string, string | null> = {};
  for (const child of element.children) {
    if (child.children.length > 0) continue;
    record[child.name] = child.attributes.nil === 'true' ? null : child.text.trim();
  }
  return record;
}

/** All text of an element and its descendants, e.g. the message inside `<string>…</string>`. */
export function textContent(element: XmlElement): string {
  return element.text + element.children.map(textContent).join('');
}

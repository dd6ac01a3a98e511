/**
 * The XML some airport API servers answer (`application/xml`; shapes `PlaceWaitTime` and
 * `AirportArray`), read with the platform's DOMParser. Names are matched by local name, so
 * `a:queueName` is `queueName`. Every walk here keeps its own list of pending elements instead of
 * recursing: an answer may hold hundreds of thousands of siblings.
 */
// Only pages (side panel, options) read airport XML: the service worker, which has no DOMParser, never imports the airport client.

/**
 * The root element of a well-formed document, or null: not XML, not well-formed, nested deeper
 * than the parser allows, or with a DOCTYPE.
 */
export function readXml(text: string): Element | null {
  // Chromium expands the entities a DOCTYPE's internal subset defines (billion-laughs bombs
  // included, until its size limit); no airport answer has one, so it is refused unread.
  if (/<!DOCTYPE/i.test(text)) return null;
  try {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    // A syntax error is no exception but a <parsererror> element: inside the root in Chromium
    // (also for nesting deeper than it allows), as the root in Firefox. By tag name: happy-dom's
    // getElementsByTagNameNS knows no '*' namespace.
    if (document.getElementsByTagName('parsererror').length > 0) return null;
    return document.documentElement;
  } catch {
    // happy-dom's parser recurses per level and throws a RangeError on deep nesting.
    return null;
  }
}

const named = (element: Element, lowerName: string): boolean => element.localName.toLowerCase() === lowerName;

/** The first child element with this local name (any case). */
export function childNamed(element: Element, name: string): Element | undefined {
  const lower = name.toLowerCase();
  const children = element.children;
  for (let i = 0; i < children.length; i++) if (named(children[i]!, lower)) return children[i];
  return undefined;
}

/** Pushes an element's children so that popping gives them in document order. */
function pushChildren(pending: Element[], element: Element): void {
  const children = element.children;
  for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
}

/**
 * The elements that look like list entries: those with a child named `marker` (any case),
 * in document order. Entries are not searched inside, so nested data cannot pose as one.
 */
export function findEntries(root: Element, marker: string): Element[] {
  const found: Element[] = [];
  const pending: Element[] = [root];
  while (pending.length) {
    const element = pending.pop()!;
    if (childNamed(element, marker)) found.push(element);
    else pushChildren(pending, element);
  }
  return found;
}

/** Whether the tree holds an element with one of these local names (any case). */
export function hasElement(root: Element, names: readonly string[]): boolean {
  const wanted = names.map((name) => name.toLowerCase());
  const pending: Element[] = [root];
  while (pending.length) {
    const element = pending.pop()!;
    if (wanted.some((name) => named(element, name))) return true;
    pushChildren(pending, element);
  }
  return false;
}

/** `xsi:nil="true"`, by the attribute's local name: `name`, not `localName`, which happy-dom leaves prefixed. */
function isNil(element: Element): boolean {
  for (const { name, value } of Array.from(element.attributes)) {
    if (value === 'true' && !name.startsWith('xmlns:') && name.slice(name.indexOf(':') + 1) === 'nil') return true;
  }
  return false;
}

/** An entry's simple children as a record: `xsi:nil="true"` → null, text trimmed. */
export function toRecord(element: Element): Record<string, string | null> {
  const record: Record<string, string | null> = {};
  for (const child of Array.from(element.children)) {
    if (child.children.length > 0) continue;
    record[child.localName] = isNil(child) ? null : (child.textContent ?? '').trim();
  }
  return record;
}

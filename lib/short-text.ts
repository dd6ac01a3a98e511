/** About how much of a server's own text is shown to a person (a hostile server could send pages). */
export const SHORT_TEXT_MAX = 200;

/**
 * Cuts text from a server (an error message, a redirect target) to about 200 characters, counted
 * in code points so an emoji or a CJK character is never split in half, and marks the cut with "…".
 */
export function shortText(text: string, max = SHORT_TEXT_MAX): string {
  const trimmed = text.trim();
  const chars = Array.from(trimmed);
  return chars.length <= max
    ? trimmed
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** First strong isolate and pop directional isolate (Unicode's bidi algorithm, UAX #9). */
const FSI = '\u2068';
const PDI = '\u2069';
/** LRI, RLI, FSI: each opens an isolate that a PDI closes. */
const ISOLATE_OPENERS = new Set(['\u2066', '\u2067', FSI]);
/** Paragraph separators (bidi class B): each ends every isolate and override before it. */
const PARAGRAPH_ENDS = new Set(['\n', '\r', '\u001c', '\u001d', '\u001e', '\u0085', '\u2029']);

/**
 * Server text that cannot reach past the isolate it is shown in: a PDI (U+2069) without its
 * opener would close that isolate early, and a paragraph separator would end it, after which an
 * override in the text (U+202D, U+202E) reorders whatever follows, e.g. "45+ min" next to a
 * queue's name. Such a PDI is dropped, a separator becomes a space (as an element's white space
 * shows it anyway), and isolates the text leaves open are closed at its end. Everything else,
 * overrides included, stays as sent: inside the isolate it can only reorder the server's own text.
 */
export function bidiSafe(text: string): string {
  let open = 0;
  let safe = '';
  for (const char of text) {
    if (ISOLATE_OPENERS.has(char)) open += 1;
    else if (char === PDI) {
      if (open === 0) continue;
      open -= 1;
    } else if (PARAGRAPH_ENDS.has(char)) {
      safe += ' ';
      continue;
    }
    safe += char;
  }
  return safe + PDI.repeat(open);
}

/**
 * Server text for one of Pushgate's sentences (`t('serverSaid', serverText(message))`): cut to
 * about 200 characters and isolated between FSI and PDI, so whatever bidi controls it holds
 * (U+202A–U+202E, U+2066–U+2069) cannot reorder the sentence around it, and a right-to-left name
 * takes its direction from its own first letter. Text shown in an element of its own goes in a
 * `<bdi>` instead (components/ServerText.tsx).
 */
export function serverText(text: string, max = SHORT_TEXT_MAX): string {
  return `${FSI}${bidiSafe(shortText(text, max))}${PDI}`;
}

/** About how much of a name a system notification quotes. */
export const NOTIFICATION_TEXT_MAX = 60;

/** Directional marks, embeddings, overrides and isolates (U+061C, U+200E–F, U+202A–E, U+2066–9). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** C0 and C1 controls and the line and paragraph separators: a notification is one run of text. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
/** A link with a scheme, or a bare `www.` one. */
const LINK = /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S+/gi;

/**
 * Text quoted in a system notification, where no element isolates it and the text may show on a
 * lock screen or be synced to other devices: line breaks and controls become spaces, every bidi
 * control is taken out (inside an isolate an override could still reverse "exe.fdp" into "pdf.exe"),
 * a link becomes "…" (a notification must not carry one to click or copy), the rest is cut to about
 * 60 characters and isolated between FSI and PDI.
 */
export function notificationText(text: string, max = NOTIFICATION_TEXT_MAX): string {
  const plain = text.replace(CONTROLS, ' ').replace(BIDI_CONTROLS, '').replace(LINK, '…').replace(/\s+/g, ' ');
  return `${FSI}${shortText(plain, max)}${PDI}`;
}

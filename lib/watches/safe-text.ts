import { shortText } from '../short-text';

/**
 * A feed's own text (a checkpoint's name) for a system notification. Some systems read markup in a
 * notification's text (Linux notification servers take `<b>`, `<a href>`, `<img>` and entities),
 * and a notification can show on a lock screen: so no `<`, `>` or `&` reaches one (each becomes a
 * look-alike that is no markup), no control or invisible formatting character (a bidi override
 * would reorder Pushgate's own sentence), no line break, and at most 60 characters. What is left
 * is isolated (FSI … PDI), so a right-to-left name keeps to itself.
 */

const LOOK_ALIKES: Record<string, string> = { '<': '‹', '>': '›', '&': '＆' };
const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;

export const NOTIFICATION_TEXT_MAX = 60;

export function notificationText(text: string, max = NOTIFICATION_TEXT_MAX): string {
  let cleaned = '';
  for (const char of text) {
    if (CONTROL.test(char)) cleaned += ' ';
    else if (!FORMAT.test(char)) cleaned += LOOK_ALIKES[char] ?? char;
  }
  return `\u2068${shortText(cleaned.replace(/\s+/g, ' '), max)}\u2069`;
}

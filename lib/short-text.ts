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

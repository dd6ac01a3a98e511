/**
 * Server text as Pushgate puts it into one of its sentences: between FSI and PDI (U+2068 …
 * U+2069, lib/short-text.ts `serverText`), so its bidi controls cannot reorder the sentence.
 */
export const isolated = (text: string): string => `\u2068${text}\u2069`;

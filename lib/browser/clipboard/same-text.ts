/**
 * Whether the clipboard still holds the text that was copied, as the browser wrote it. A copy does
 * not always land byte for byte: a text box's value has LF line ends whatever the secret had,
 * Chromium writes CRLF on Windows, drops the NUL characters of a copied selection (they are not
 * drawn; test/e2e/clipboard-clear.e2e.ts), and may write a no-break space as a space. Those
 * differences are the browser's, not the person's: anything else (a character, a line, a space
 * more or less) is a new copy and stays.
 */
export function sameCopiedText(copied: string, onClipboard: string): boolean {
  return copied === onClipboard || asWritten(copied) === asWritten(onClipboard);
}

function asWritten(text: string): string {
  return text.replace(/\r\n?/g, '\n').replaceAll('\u00A0', ' ').replaceAll('\u0000', '');
}

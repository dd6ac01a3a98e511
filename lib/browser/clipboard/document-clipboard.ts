import type { ClipboardAccess } from './clearer';

/**
 * The clipboard of this document, read and emptied without focus where the browser allows it
 * (`clipboardRead` and `clipboardWrite`). The async Clipboard API comes first: it works in
 * Firefox's background page. Chrome's offscreen document can never take focus, so `readText`
 * and `writeText` reject there ("Document is not focused"); `execCommand` still works in it.
 */
export const documentClipboard: ClipboardAccess = {
  async read() {
    try {
      return await navigator.clipboard.readText();
    } catch {
      return pasteText();
    }
  },
  async clear() {
    try {
      await navigator.clipboard.writeText('');
      return true;
    } catch {
      return copyEmptyText();
    }
  },
};

/** The clipboard's plain text as a paste event carries it: a textarea's value would turn CRLF into LF. */
function pasteText(): string | null {
  const field = document.createElement('textarea');
  document.body.append(field);
  field.focus();
  let text: string | null = null;
  const onPaste = (event: ClipboardEvent) => {
    text = event.clipboardData?.getData('text/plain') ?? null;
    event.preventDefault();
  };
  // On the document: the event goes to the body when the focus is not where we put it.
  document.addEventListener('paste', onPaste, true);
  try {
    return document.execCommand('paste') ? text : null;
  } catch {
    return null;
  } finally {
    document.removeEventListener('paste', onPaste, true);
    field.remove();
  }
}

/** An empty selection copies nothing; a copy event that sets empty text empties the clipboard. */
function copyEmptyText(): boolean {
  const onCopy = (event: ClipboardEvent) => {
    event.clipboardData?.setData('text/plain', '');
    event.preventDefault();
  };
  document.addEventListener('copy', onCopy);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    document.removeEventListener('copy', onCopy);
  }
}

/**
 * Writes `text` to the clipboard of this document: the async Clipboard API first, then a
 * hidden textarea and `execCommand('copy')`. The fallback matters in Chrome's offscreen
 * document, which can never take focus, so `writeText` rejects there ("Document is not focused").
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithTextarea(text);
  }
}

function copyWithTextarea(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

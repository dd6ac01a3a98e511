import { browser } from 'wxt/browser';

/** What one frame reports: its selected text, and whether it is the frame that has the focus. */
export interface FrameSelection {
  text: string;
  focused: boolean;
}

/**
 * Runs inside the page (injected by `scripting.executeScript`), so it must stay self-contained:
 * no imports, no closures over module variables.
 *
 * `getSelection()` does not see a selection inside an `<input>` or `<textarea>` (password
 * fields included), so the focused field is asked first.
 */
export function selectionInPage(): FrameSelection {
  let active: Element | null = document.activeElement;
  // A field inside a web component: the document only knows the shadow host.
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;

  let text = '';
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    try {
      // null for input types without a text selection (email, number, checkbox …).
      const { selectionStart: start, selectionEnd: end } = active;
      if (start !== null && end !== null && end > start) text = active.value.slice(start, end);
    } catch {
      text = '';
    }
  }
  if (!text) text = document.getSelection()?.toString() ?? '';
  // `hasFocus()` is also true for every ancestor of the focused frame, whose active element is
  // then the <iframe> itself: only the innermost frame counts as the one being typed in.
  const focusIsInChildFrame = active instanceof HTMLIFrameElement || active?.tagName === 'FRAME';
  return { text, focused: document.hasFocus() && !focusIsInChildFrame };
}

/** The focused frame's selection first, else the first frame with one; null when none has any. */
export function pickSelection(frames: ReadonlyArray<FrameSelection | null | undefined>): string | null {
  const withText = frames.filter((frame): frame is FrameSelection => typeof frame?.text === 'string' && frame.text !== '');
  return (withText.find((frame) => frame.focused) ?? withText[0])?.text ?? null;
}

/**
 * The selected text of a tab, read with `scripting` in one frame (the one a context menu was
 * opened in) or in all frames, exactly as selected: never trimmed. We read it ourselves because
 * the menu's `selectionText` loses line breaks (Chromium bug 116429).
 *
 * @returns null when nothing is selected or the page cannot be scripted (chrome:// pages, the
 * Web Store, the PDF viewer, a frame from another origin).
 */
export async function readSelection(tabId: number, frameId?: number): Promise<string | null> {
  const target = frameId === undefined ? { tabId, allFrames: true } : { tabId, frameIds: [frameId] };
  try {
    const results = await browser.scripting.executeScript({ target, func: selectionInPage });
    return pickSelection((results ?? []).map((result) => result.result));
  } catch {
    return null;
  }
}

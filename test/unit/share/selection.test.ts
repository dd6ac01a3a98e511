import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pickSelection, readSelection, selectionInPage } from '@/lib/share/selection';

const executeScript = vi.fn();

beforeEach(() => {
  executeScript.mockReset();
  (fakeBrowser as unknown as { scripting: object }).scripting = { executeScript };
});

const frame = (text: string, focused = false, frameId = 0) => ({ frameId, documentId: `doc-${frameId}`, result: { text, focused } });

describe('readSelection', () => {
  it('reads the clicked frame only when a frame id is given', async () => {
    executeScript.mockResolvedValue([frame('one')]);
    await readSelection(7, 3);
    expect(executeScript).toHaveBeenCalledWith({ target: { tabId: 7, frameIds: [3] }, func: selectionInPage });
  });

  it('reads all frames without a frame id', async () => {
    executeScript.mockResolvedValue([frame('one')]);
    await readSelection(7);
    expect(executeScript).toHaveBeenCalledWith({ target: { tabId: 7, allFrames: true }, func: selectionInPage });
  });

  it('returns the text exactly as selected, whitespace and line breaks included', async () => {
    const secret = '  -----BEGIN KEY-----\r\n\tline two\n\n-----END KEY-----  \n';
    executeScript.mockResolvedValue([frame(secret)]);
    expect(await readSelection(1, 0)).toBe(secret);
  });

  it('prefers the focused frame, else the first frame with a selection', async () => {
    executeScript.mockResolvedValue([frame(''), frame('top', false, 0), frame('inner', true, 4)]);
    expect(await readSelection(1)).toBe('inner');
    executeScript.mockResolvedValue([frame('', true, 0), frame('first', false, 2), frame('second', false, 3)]);
    expect(await readSelection(1)).toBe('first');
  });

  it('is null when nothing is selected', async () => {
    executeScript.mockResolvedValue([frame(''), { frameId: 1, documentId: 'x', result: undefined }]);
    expect(await readSelection(1)).toBeNull();
  });

  it('is null when the page cannot be scripted (chrome://, Web Store, PDF viewer)', async () => {
    executeScript.mockRejectedValue(new Error('Cannot access a chrome:// URL'));
    expect(await readSelection(1, 0)).toBeNull();
  });
});

describe('pickSelection', () => {
  it('ignores frames that returned nothing', () => {
    expect(pickSelection([null, undefined, { text: 'x', focused: false }])).toBe('x');
    expect(pickSelection([])).toBeNull();
  });
});

describe('selectionInPage (the function injected into the page)', () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.getSelection()?.removeAllRanges();
  });

  it('reads a multi-line selection inside the focused textarea', () => {
    const area = document.createElement('textarea');
    const selected = '  password: hunter2\n  port: 22\n';
    area.value = `user: admin\n${selected}end`;
    document.body.append(area);
    area.focus();
    area.setSelectionRange(12, 12 + selected.length);
    expect(selectionInPage().text).toBe(selected);
  });

  it.each(['text', 'password', 'search', 'url', 'tel'])('reads the selection inside a focused %s input', (type) => {
    const input = document.createElement('input');
    input.type = type;
    // Inner spaces: url inputs strip the value's outer whitespace themselves.
    input.value = 'a s3cr3t b';
    document.body.append(input);
    input.focus();
    input.setSelectionRange(1, 9);
    expect(selectionInPage().text).toBe(' s3cr3t ');
  });

  it('reads the focused field inside a web component', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const area = document.createElement('textarea');
    area.value = 'inside\nshadow';
    host.attachShadow({ mode: 'open' }).append(area);
    area.focus();
    area.setSelectionRange(0, area.value.length);
    expect(selectionInPage().text).toBe('inside\nshadow');
  });

  it('falls back to the document selection, keeping leading spaces and line breaks', () => {
    const block = document.createElement('pre');
    block.textContent = '   indented first line\nsecond line\n';
    document.body.append(block);
    document.getSelection()!.selectAllChildren(block);
    expect(selectionInPage().text).toBe('   indented first line\nsecond line\n');
  });

  it('uses the document selection when the focused field has no selection', () => {
    const input = document.createElement('input');
    input.value = 'unrelated';
    const note = document.createElement('p');
    note.textContent = 'picked text';
    document.body.append(input, note);
    input.focus();
    input.setSelectionRange(3, 3);
    document.getSelection()!.selectAllChildren(note);
    expect(selectionInPage().text).toBe('picked text');
  });

  it('reports an empty selection as empty text', () => {
    expect(selectionInPage().text).toBe('');
  });

  it('reports whether the frame has focus', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    expect(selectionInPage().focused).toBe(true);
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    expect(selectionInPage().focused).toBe(false);
  });

  it('does not count a frame as focused when the focus is in a frame inside it', () => {
    // Chrome: hasFocus() is true in every ancestor of the focused frame.
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const frame = document.createElement('iframe');
    vi.spyOn(document, 'activeElement', 'get').mockReturnValue(frame);
    expect(selectionInPage().focused).toBe(false);
  });
});

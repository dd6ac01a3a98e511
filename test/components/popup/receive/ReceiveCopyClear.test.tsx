import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import { answerSentMessages } from '../../../support/extension-messages';
import type { RetrievedPush } from '@/lib/pwpush/types';
import { ok } from '@/lib/result';
import { clearClipboardAfterSeconds, type ClearClipboardSeconds } from '@/lib/settings';
import { BASE_URL, openLink, retrievedPush, stubClipboard, stubClipboardRead } from './fixtures';

const pwpush = installFakePwpush();
const { retrievePush } = pwpush;

const retrieve = retrievePush;
let send: ReturnType<typeof answerSentMessages>;
const clearRequests = () => send.mock.calls.filter(([type]) => type === 'clipboard:clear-later');
const copyHint = () => document.getElementById('receive-copy-hint')!.textContent;

beforeEach(() => {
  vi.resetAllMocks();
  send = answerSentMessages().mockResolvedValue({ scheduled: true });
  stubClipboardRead(true);
});

async function copy(push: Partial<RetrievedPush>, setting?: ClearClipboardSeconds) {
  if (setting !== undefined) await clearClipboardAfterSeconds.setValue(setting);
  const writeText = stubClipboard();
  retrieve.mockResolvedValue(ok(retrievedPush(push)));
  render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
  await openLink();
  fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(push.payload));
  await screen.findByText('Copied');
}

describe('Copy in the receive view', () => {
  it('asks the background to clear the secret after the default minute, and says so', async () => {
    await copy({ payload: 'secret one' });
    await waitFor(() => expect(clearRequests()).toEqual([['clipboard:clear-later', { text: 'secret one', delaySeconds: 60 }]]));
    expect(copyHint()).toContain('clears your copy from the clipboard after 1 minute if the clipboard still holds it');
    expect(copyHint()).toContain('Clipboard history apps');
  });

  it('uses the delay chosen on the settings page', async () => {
    await copy({ payload: 'secret two' }, 30);
    await waitFor(() => expect(clearRequests()).toEqual([['clipboard:clear-later', { text: 'secret two', delaySeconds: 30 }]]));
    expect(copyHint()).toContain('after 30 seconds');
  });

  it('sends nothing when clearing is off, and says the copy stays', async () => {
    await copy({ payload: 'secret three' }, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clearRequests()).toEqual([]);
    expect(copyHint()).toContain('Your copy stays on the clipboard: clearing is off on the settings page.');
  });

  it('sends nothing without permission to read the clipboard, and says clearing is off for that reason', async () => {
    stubClipboardRead(false);
    await copy({ payload: 'secret four' }, 60);
    await waitFor(() => expect(copyHint()).toContain('clearing needs permission to read the clipboard, which was not given'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clearRequests()).toEqual([]);
    expect(copyHint()).not.toContain('after 1 minute');
  });

  it('never clears a link: it is meant to be pasted', async () => {
    await copy({ payload: 'https://intranet.example/reset?t=1', deletableByViewer: null }, 300);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clearRequests()).toEqual([]);
    expect(copyHint()).toContain('Links are not cleared from the clipboard');
  });
});

describe('Ctrl+C in the secret box of the receive view', () => {
  async function selectAndCopy(push: Partial<RetrievedPush>, [start, end]: [number, number], setting?: ClearClipboardSeconds) {
    if (setting !== undefined) await clearClipboardAfterSeconds.setValue(setting);
    retrieve.mockResolvedValue(ok(retrievedPush(push)));
    render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
    await openLink();
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Secret' });
    box.setSelectionRange(start, end);
    fireEvent.copy(box);
  }

  it.each([
    ['all of it', [0, 10], 'secret one'],
    ['a part of it', [7, 10], 'one'],
  ] as const)('%s: the background is asked to clear what was copied', async (_case, range, copied) => {
    await selectAndCopy({ payload: 'secret one' }, [...range]);
    await waitFor(() => expect(clearRequests()).toEqual([['clipboard:clear-later', { text: copied, delaySeconds: 60 }]]));
  });

  it.each([
    ['nothing is selected', { payload: 'secret one' }, [3, 3], undefined],
    ['clearing is off', { payload: 'secret one' }, [0, 10], 0],
    ['it is a link', { payload: 'https://intranet.example/', deletableByViewer: null }, [0, 10], 300],
  ] as const)('nothing is asked when %s', async (_case, push, range, setting) => {
    await selectAndCopy(push, [...range] as [number, number], setting);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clearRequests()).toEqual([]);
  });

  it('nothing is asked when reading the clipboard is not allowed', async () => {
    stubClipboardRead(false);
    await selectAndCopy({ payload: 'secret one' }, [0, 10], 60);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clearRequests()).toEqual([]);
  });
});

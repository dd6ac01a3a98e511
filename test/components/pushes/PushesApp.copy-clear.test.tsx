import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { clearCopiedLinks } from '@/lib/settings';
import { answerSentMessages } from '../../support/extension-messages';
import { stubClipboardRead } from '../popup/receive/fixtures';
import { answerListsEmpty, BASE_URL, configure, makePush, seedHistory, stubClipboard } from './fixtures';

let send: ReturnType<typeof answerSentMessages>;
const clearRequests = () => send.mock.calls.filter(([type]) => type === 'clipboard:clear-later').map(([, data]) => data);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
  send = answerSentMessages().mockResolvedValue({ scheduled: true });
  stubClipboardRead(true);
});

async function copyLinkOf(passphraseProtected: boolean) {
  await configure();
  const writeText = stubClipboard();
  await seedHistory([
    { ...makePush({ urlToken: 'clearme1', name: 'Clear me', createdAt: new Date().toISOString() }), passphraseProtected },
  ]);
  render(<PushesApp />);
  const row = await waitFor(() => within(screen.getByRole('tabpanel')).getByText('Clear me').closest('tr') as HTMLElement);
  fireEvent.click(within(row).getByRole('button', { name: 'Copy link' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${BASE_URL}/p/clearme1/r`));
}

describe('Copy link on the Pushes page', () => {
  it('a push without a passphrase: its link is cleared from the clipboard like a copied secret', async () => {
    await copyLinkOf(false);
    await waitFor(() => expect(clearRequests()).toEqual([{ text: `${BASE_URL}/p/clearme1/r`, delaySeconds: 60 }]));
  });

  it('a push with a passphrase: its link stays', async () => {
    await copyLinkOf(true);
    await settle();
    expect(clearRequests()).toEqual([]);
  });

  it('nothing is cleared with the setting off', async () => {
    await clearCopiedLinks.setValue(false);
    await copyLinkOf(false);
    await settle();
    expect(clearRequests()).toEqual([]);
  });
});

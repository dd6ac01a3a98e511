import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { LinkResult } from '@/components/popup/LinkResult';
import { clearClipboardAfterSeconds, clearCopiedLinks } from '@/lib/settings';
import { answerSentMessages } from '../../support/extension-messages';
import { stubClipboardRead } from './receive/fixtures';
import { BASE_URL, createdPush, stubClipboard } from './fixtures';

const connection = { baseUrl: BASE_URL, token: 'api-token' };
const URL = createdPush().htmlUrl;
let send: ReturnType<typeof answerSentMessages>;
const clearRequests = () => send.mock.calls.filter(([type]) => type === 'clipboard:clear-later').map(([, data]) => data);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.resetAllMocks();
  send = answerSentMessages().mockResolvedValue({ scheduled: true });
  stubClipboardRead(true);
});

async function copyLink(props: Partial<Parameters<typeof LinkResult>[0]> = {}) {
  const writeText = stubClipboard();
  render(<LinkResult push={createdPush()} connection={connection} {...props} />);
  if (!props.copyAutomatically) fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL));
  await screen.findByText('Copied');
}

describe('the link of a push without a passphrase is cleared like a copied secret', () => {
  it('"Copy link": the background is asked to clear it after the chosen time, and the hint says so', async () => {
    await copyLink();
    await waitFor(() => expect(clearRequests()).toEqual([{ text: URL, delaySeconds: 60 }]));
    const hint = document.getElementById(screen.getByRole('button', { name: 'Copy link' }).getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('clears the copied link from the clipboard after 1 minute');
  });

  it('the automatic copy after a push too, with the delay chosen on the settings page', async () => {
    await clearClipboardAfterSeconds.setValue(30);
    await copyLink({ copyAutomatically: true });
    await waitFor(() => expect(clearRequests()).toEqual([{ text: URL, delaySeconds: 30 }]));
  });

  it('not when the setting is off', async () => {
    await clearCopiedLinks.setValue(false);
    await copyLink();
    await settle();
    expect(clearRequests()).toEqual([]);
    expect(screen.queryByText(/clears the copied link/)).toBeNull();
  });

  it('not when clearing is off or not allowed', async () => {
    await clearClipboardAfterSeconds.setValue(0);
    await copyLink();
    await settle();
    expect(clearRequests()).toEqual([]);
    stubClipboardRead(false);
    await clearClipboardAfterSeconds.setValue(60);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await settle();
    expect(clearRequests()).toEqual([]);
  });

  it('a push with a passphrase: its link is not the secret and stays on the clipboard', async () => {
    await copyLink({ passphrase: 'tidy-otter-lamp-42' });
    await settle();
    expect(clearRequests()).toEqual([]);
    expect(screen.queryByText(/clears the copied link/)).toBeNull();
  });
});

import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import type { RetrievedPush } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import { BASE_URL, TOKEN, openLink, retrievedPush, stubClipboard } from './fixtures';

const pwpush = installFakePwpush();
const { expirePush, retrievePush } = pwpush;

const retrieve = retrievePush;
const expire = expirePush;
const payloadBox = () => screen.findByRole('textbox', { name: 'Secret' }) as Promise<HTMLTextAreaElement>;

beforeEach(() => {
  vi.resetAllMocks();
});

async function show(push: Partial<RetrievedPush>) {
  retrieve.mockResolvedValue(ok(retrievedPush(push)));
  render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
  await openLink();
}

describe('the retrieved push', () => {
  it('shows the payload exactly, whitespace and line breaks included, read-only and monospace', async () => {
    const secret = '  two leading spaces\n\ttab\n\ntrailing  \n';
    await show({ payload: secret });
    const box = await payloadBox();
    expect(box.value).toBe(secret);
    expect(box.readOnly).toBe(true);
    expect(box.classList.contains('receive-payload')).toBe(true);
    expect(screen.getByText('Days left: 6 · Views left: 4')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy' })));
  });

  it('copies the payload exactly and announces it', async () => {
    const writeText = stubClipboard();
    await show({ payload: ' a\nb ' });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(' a\nb '));
    expect((await screen.findByText('Copied')).closest('[role="status"]')).not.toBeNull();
  });

  it('says so when copying fails', async () => {
    stubClipboard(async () => Promise.reject(new Error('denied')));
    await show({ payload: 'x' });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await screen.findByText(/Could not copy/);
  });

  it('shows a URL push as text with "Open link", and never opens it by itself', async () => {
    const create = vi.fn(async () => ({}) as never);
    fakeBrowser.tabs.create = create;
    await show({ payload: 'https://intranet.example/reset?t=1', deletableByViewer: null });
    expect((await payloadBox()).value).toBe('https://intranet.example/reset?t=1');
    expect(create).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(create).toHaveBeenCalledWith({ url: 'https://intranet.example/reset?t=1' });
    // URL pushes can only be expired by their owner (docs/password-pusher.md#delete).
    expect(screen.queryByRole('button', { name: 'Expire it now' })).toBeNull();
  });

  it('offers no "Open link" for a URL push that is not a web address', async () => {
    await show({ payload: 'javascript:alert(1)', deletableByViewer: null });
    await payloadBox();
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
  });

  it('offers no "Open link" for text that merely looks like a URL', async () => {
    await show({ payload: 'https://example.com', deletableByViewer: true });
    await payloadBox();
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
  });

  it('lists file attachments as download links', async () => {
    const files = [
      { filename: 'id_rsa', contentType: 'text/plain', url: `${BASE_URL}/pfb/blobs/redirect/abc/id_rsa` },
      { filename: 'cert.pem', contentType: 'text/plain', url: `${BASE_URL}/pfb/blobs/redirect/def/cert.pem` },
    ];
    await show({ payload: '', files });
    const link = await screen.findByRole('link', { name: 'id_rsa' });
    expect(link.getAttribute('href')).toBe(files[0]!.url);
    expect(link.getAttribute('download')).toBe('id_rsa');
    expect(screen.getByRole('link', { name: 'cert.pem' }).getAttribute('href')).toBe(files[1]!.url);
    expect(screen.getByText('Download links work for a few minutes only.')).toBeTruthy();
    expect(screen.queryByText(/led away from/)).toBeNull();
    // No text was pushed with the files: no empty secret box.
    expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull();
  });

  const host = new URL(BASE_URL).host;
  it.each([
    ['a script URL', 'javascript:alert(1)'],
    ['a data: page', 'data:text/html,<script>alert(1)</script>'],
    ['a look-alike host', 'https://pwpush.example.evil.test/pfb/blobs/redirect/abc/id_rsa'],
    ['another host', 'https://files.example.org/pfb/blobs/redirect/abc/id_rsa'],
    ['user info before the host', `https://user@${host}/pfb/blobs/redirect/abc/id_rsa`],
    ['a file: path', 'file:///etc/passwd'],
  ])('holds back a file link to %s and says so', async (_case, url) => {
    const files = [
      { filename: 'id_rsa', contentType: 'text/plain', url: `${BASE_URL}/pfb/blobs/redirect/abc/id_rsa` },
      { filename: 'evil.exe', contentType: 'application/octet-stream', url },
    ];
    await show({ payload: '', files });
    expect((await screen.findByRole('link', { name: 'id_rsa' })).getAttribute('href')).toBe(files[0]!.url);
    expect(screen.queryByRole('link', { name: 'evil.exe' })).toBeNull();
    expect(
      screen.getByText(
        `A file link led away from ${host} and is not shown: Pushgate opens files only from the instance that holds the push.`,
      ),
    ).toBeTruthy();
  });

  it('with every file link held back: the count, and no download hint', async () => {
    const files = ['https://a.example.org/f/1', 'https://b.example.org/f/2'].map((url, i) => ({
      filename: `f${i}`,
      contentType: 'text/plain',
      url,
    }));
    await show({ payload: '', files });
    expect(
      await screen.findByText(
        `2 file links led away from ${host} and are not shown: Pushgate opens files only from the instance that holds the push.`,
      ),
    ).toBeTruthy();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.queryByText('Download links work for a few minutes only.')).toBeNull();
  });

  it('shows the expired state for `expired: true` (a 200 with no payload)', async () => {
    await show({ expired: true, payload: null, files: [], viewsRemaining: 0, deletableByViewer: true });
    const note = await screen.findByText('This push has expired or was deleted; its content is gone.');
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Expire it now' })).toBeNull();
  });

  it('says when this was the last allowed view', async () => {
    await show({ viewsRemaining: 0, deletableByViewer: true });
    await screen.findByText('That was the last allowed view: the link no longer opens.');
    expect(screen.queryByRole('button', { name: 'Expire it now' })).toBeNull();
  });

  it('opens another link, dropping what was shown', async () => {
    await show({ payload: 'first secret' });
    await payloadBox();
    fireEvent.click(screen.getByRole('button', { name: 'Open another link' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(document.body.innerHTML).not.toContain('first secret');
  });
});

/** Presses "Expire" in the confirmation dialog. */
function confirmExpiry() {
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Expire this push?' })).getByRole('button', { name: 'Expire' }));
}

describe('"Expire it now"', () => {
  it('asks first with the dialog of the Pushes page, in the recipient’s words; Cancel sends nothing and returns the focus', async () => {
    await show({ deletableByViewer: true });
    const expireNow = await screen.findByRole('button', { name: 'Expire it now' });
    expireNow.focus();
    fireEvent.click(expireNow);
    const dialog = screen.getByRole('dialog', { name: 'Expire this push?' });
    expect(dialog.classList.contains('expire-dialog')).toBe(true);
    expect(dialog.textContent).toMatch(
      'This ends the push for everyone: the link stops opening for anyone it was sent to, not only for you.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(expire).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(expireNow));
  });

  it('is offered only when the push is deletable by viewers', async () => {
    await show({ deletableByViewer: false });
    await payloadBox();
    expect(screen.queryByRole('button', { name: 'Expire it now' })).toBeNull();
  });

  it('expires the push without a token, then says it is expired', async () => {
    expire.mockResolvedValue(ok(retrievedPush({ expired: true, deleted: true })));
    await show({ deletableByViewer: true, payload: 'keep reading' });
    fireEvent.click(await screen.findByRole('button', { name: 'Expire it now' }));
    confirmExpiry();
    await screen.findByText(/Expired: the link no longer opens/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(expire).toHaveBeenCalledOnce();
    expect(expire).toHaveBeenCalledWith({ baseUrl: BASE_URL }, TOKEN);
    expect(screen.queryByRole('button', { name: 'Expire it now' })).toBeNull();
    expect((await payloadBox()).value).toBe('keep reading');
  });

  it('says why when the instance refuses', async () => {
    expire.mockResolvedValue(fail({ kind: 'unauthorized', status: 401, serverMessage: 'That push is not deletable by viewers.' }));
    await show({ deletableByViewer: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Expire it now' }));
    confirmExpiry();
    expect((await screen.findByRole('alert')).textContent).toMatch(/only its owner can/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Expire it now' })).toBeTruthy();
  });
});

import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { QrCode } from '@/components/QrCode';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import { recordPush } from '@/lib/history/entries';
import type { RetrievedPush } from '@/lib/pwpush/types';
import { ok } from '@/lib/result';
import { BASE_URL, openLink, retrievedPush } from './fixtures';

const pwpush = installFakePwpush();
const { retrievePush } = pwpush;

const retrieve = retrievePush;
const WIFI = 'WIFI:T:WPA;S:office;P:correct horse;;';
const qrImage = () => screen.queryByRole('img', { name: 'QR code of the secret' });

beforeEach(() => {
  vi.resetAllMocks();
});

async function show(push: Partial<RetrievedPush>) {
  retrieve.mockResolvedValue(ok(retrievedPush(push)));
  render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
  await openLink();
  await screen.findByRole('textbox', { name: 'Secret' });
}

/** The modules QrCode draws for `value`, to compare with what the view drew. */
function modulesOf(value: string): string {
  const { container, unmount } = render(<QrCode value={value} label="reference" />);
  const d = container.querySelector('path')!.getAttribute('d')!;
  unmount();
  return d;
}

describe('a QR push', () => {
  it('made in this browser as a QR push is drawn as its QR code at once, with its text still there to copy', async () => {
    await recordPush(BASE_URL, retrievedPush(), { kind: 'qr', passphraseProtected: false });
    await show({ payload: WIFI });

    const image = await screen.findByRole('img', { name: 'QR code of the secret' });
    expect(image.querySelector('path')!.getAttribute('d')).toBe(modulesOf(WIFI));
    expect((screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement).value).toBe(WIFI);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Hide QR code' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(qrImage()).toBeNull();
  });

  it('opened elsewhere (the API never says the kind) is offered as a QR code when its text fits one', async () => {
    await show({ payload: WIFI });
    const toggle = screen.getByRole('button', { name: 'Show as QR code' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(qrImage()).toBeNull();
    fireEvent.click(toggle);
    const image = await screen.findByRole('img', { name: 'QR code of the secret' });
    expect(image.querySelector('path')!.getAttribute('d')).toBe(modulesOf(WIFI));
    expect(screen.getByRole('button', { name: 'Hide QR code' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('is not offered for a URL push', async () => {
    await show({ payload: 'https://intranet.example/', deletableByViewer: null });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show as QR code' })).toBeNull();
  });

  it('is not offered for a push with files', async () => {
    await show({
      payload: 'see the file',
      files: [{ filename: 'a.txt', contentType: 'text/plain', url: `${BASE_URL}/pfb/blobs/redirect/x/a.txt` }],
    });
    expect(screen.queryByRole('button', { name: 'Show as QR code' })).toBeNull();
  });

  it('is offered up to 1024 characters as Ruby counts them, and only while they fit in a QR code', async () => {
    await show({ payload: 'é'.repeat(1024) });
    expect(screen.getByRole('button', { name: 'Show as QR code' })).toBeTruthy();
  });

  it('is not offered for 1025 characters', async () => {
    await show({ payload: 'é'.repeat(1025) });
    expect(screen.queryByRole('button', { name: 'Show as QR code' })).toBeNull();
  });

  it('is not offered for 600 four-byte characters, which no QR code holds', async () => {
    await show({ payload: '😀'.repeat(600) });
    expect(screen.queryByRole('button', { name: 'Show as QR code' })).toBeNull();
  });
});

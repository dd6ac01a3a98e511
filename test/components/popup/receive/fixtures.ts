import { vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { RetrievedPush } from '@/lib/pwpush/types';

export const BASE_URL = 'https://pwpush.example';
export const TOKEN = 'k3xq9w0lz2mfa';
export const LINK = `${BASE_URL}/p/${TOKEN}/r`;

/** A push as `GET /pushes/:token` returns it to a recipient (docs/password-pusher.md#show). */
export function retrievedPush(overrides: Partial<RetrievedPush> = {}): RetrievedPush {
  return {
    urlToken: TOKEN,
    htmlUrl: LINK,
    expired: false,
    expiredOn: null,
    deleted: false,
    expireAfterDays: 7,
    expireAfterViews: 5,
    daysRemaining: 6,
    viewsRemaining: 4,
    deletableByViewer: false,
    retrievalStep: true,
    createdAt: '2026-08-21T10:15:30.123Z',
    updatedAt: '2026-08-21T10:15:30.123Z',
    payload: 'testpw',
    files: [],
    ...overrides,
  };
}

/** The passphrase 401 body as the client reports it (docs/password-pusher.md#errors). */
export const PASSPHRASE_401 = {
  kind: 'unauthorized',
  status: 401,
  serverMessage: 'That passphrase is incorrect.',
} as const;

export const linkField = () => screen.getByRole('textbox', { name: 'Secret link' }) as HTMLInputElement;
export const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });

/** Step 1 as a person does it: paste, "Open", then "Open and count a view" under the warning. */
export async function openLink(link = LINK): Promise<void> {
  type(await screen.findByRole('textbox', { name: 'Secret link' }), link);
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Open and count a view' }));
}

/** Stubs `navigator.clipboard` (happy-dom's own would succeed silently) and returns the spy. */
export function stubClipboard(write: (text: string) => Promise<void> = async () => {}) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/**
 * fakeBrowser has no permissions API: whether the person allowed Pushgate to read the clipboard,
 * which clearing a copied secret needs (lib/browser/permissions.ts).
 */
export function stubClipboardRead(allowed: boolean) {
  const contains = vi.fn(async ({ permissions = [] }: { permissions?: string[] }) => allowed && permissions.includes('clipboardRead'));
  (fakeBrowser as unknown as { permissions: object }).permissions = { contains };
  return contains;
}

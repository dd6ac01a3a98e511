import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCapabilities } from '@/lib/share/capabilities';
import { ok } from '@/lib/result';
import { readSelection } from '@/lib/share/selection';
import { getTargetTab } from '@/lib/browser/target-tab';
import { configure, openPopupPage, stubClipboard, versionInfo } from './fixtures';

vi.mock('@/lib/share/selection', () => ({ readSelection: vi.fn() }));
vi.mock('@/lib/browser/target-tab', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/browser/target-tab')>()),
  getTargetTab: vi.fn(),
}));
vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));

beforeEach(async () => {
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
  stubClipboard();
  await configure();
  await openPopupPage();
  fireEvent.click(screen.getByText('Options', { selector: 'summary' }));
});

const passphrase = () => screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement;

describe('the push form keeps its secrets out of the browser', () => {
  it('has autocomplete off on the secret and the passphrase', () => {
    expect(screen.getByRole('textbox', { name: 'Secret' }).getAttribute('autocomplete')).toBe('off');
    expect(passphrase().getAttribute('autocomplete')).toBe('off');
  });

  it('hides the passphrase like a password, with a Show toggle', async () => {
    expect(passphrase().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show passphrase' }));
    await waitFor(() => expect(passphrase().type).toBe('text'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide passphrase' }));
    expect(passphrase().type).toBe('password');
  });

  it('shows a generated passphrase: the person has to pass it on', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(passphrase().type).toBe('text'));
    expect(screen.getByRole('button', { name: 'Hide passphrase' })).toBeTruthy();
  });
});

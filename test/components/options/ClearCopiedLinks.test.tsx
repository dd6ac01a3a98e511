import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAsWorkingInstance, fillAndSave, openOptions, storedLocal, stubPermissions } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

const clearLinks = () =>
  screen.getByRole('checkbox', { name: 'Clear copied links of pushes without a passphrase too' }) as HTMLInputElement;

beforeEach(() => {
  stubPermissions();
  answerAsWorkingInstance();
});

describe('"Clear copied links of pushes without a passphrase too"', () => {
  it('starts on, beside the time, and says why and what stays', async () => {
    await openOptions();
    expect(clearLinks().checked).toBe(true);
    const hint = document.getElementById(clearLinks().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('all it takes to open the secret');
    expect(clearLinks().closest('.field')?.previousElementSibling?.querySelector('select')).toBeTruthy();
  });

  it('is stored with Save and shown again', async () => {
    await openOptions();
    fireEvent.click(clearLinks());
    fillAndSave('https://pwpush.example');
    await waitFor(async () => expect((await storedLocal()).clearCopiedLinks).toBe(false));
    cleanup();
    await openOptions();
    expect(clearLinks().checked).toBe(false);
  });
});

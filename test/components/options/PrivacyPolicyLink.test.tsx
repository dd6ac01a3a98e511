import { screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAsWorkingInstance, openOptions, stubPermissions } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

beforeEach(() => {
  stubPermissions();
  answerAsWorkingInstance();
});

describe('the settings page links the privacy policy', () => {
  it('opens the copy built into the extension from docs/privacy.md (privacy.txt), in a new tab', async () => {
    await openOptions();
    const link = screen.getByRole('link', { name: /^Privacy policy: what Pushgate sends/ });
    expect(link.getAttribute('href')).toBe('/privacy.txt');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

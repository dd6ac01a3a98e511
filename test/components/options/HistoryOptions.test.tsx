import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PushesApp } from '@/components/pushes/PushesApp';
import { listHistory, recordPush } from '@/lib/history/entries';
import { makePush } from '@/test/support/pwpush-fixtures';
import { answerAsWorkingInstance, fillAndSave, openOptions, storedLocal, stubPermissions, type } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

const keep = () => screen.getByRole('checkbox', { name: 'Keep a history of pushes in this browser' }) as HTMLInputElement;
const forgetDays = () => screen.getByRole('spinbutton', { name: 'Forget expired pushes after (days)' }) as HTMLInputElement;

beforeEach(() => {
  stubPermissions();
  answerAsWorkingInstance();
});

describe('the history options', () => {
  it('start on, forgetting expired pushes after 30 days', async () => {
    await openOptions();
    expect(keep().checked).toBe(true);
    expect(forgetDays().value).toBe('30');
  });

  it('saved off: stored, and the pushes kept so far are forgotten', async () => {
    await recordPush('https://pwpush.example', makePush({ urlToken: 'earlier' }), { kind: 'text', passphraseProtected: false });
    await openOptions();
    fireEvent.click(keep());
    type(forgetDays(), '7');
    fillAndSave('https://pwpush.example');

    await waitFor(async () => expect((await storedLocal()).historySettings).toEqual({ keep: false, forgetExpiredAfterDays: 7 }));
    await waitFor(async () => expect(await listHistory()).toEqual({ ok: true, value: [] }));
  });

  it('refuses a number of days outside 1 to 365 next to the field', async () => {
    await openOptions();
    type(forgetDays(), '0');
    fillAndSave('https://pwpush.example');
    await waitFor(() => expect(forgetDays().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(forgetDays());
    expect((await storedLocal()).historySettings).toBeUndefined();
  });
});

describe('"Clear copied secrets after"', () => {
  const clearAfter = () => screen.getByRole('combobox', { name: 'Clear copied secrets after' }) as HTMLSelectElement;

  it('offers Off, 30 seconds, 1 minute and 5 minutes, and starts at 1 minute', async () => {
    await openOptions();
    expect([...clearAfter().options].map((option) => option.text)).toEqual(['Off', '30 seconds', '1 minute', '5 minutes']);
    expect(clearAfter().value).toBe('60');
  });

  it('is stored with Save, as a number of seconds, and shown again', async () => {
    await openOptions();
    fireEvent.change(clearAfter(), { target: { value: '0' } });
    fillAndSave('https://pwpush.example');
    await waitFor(async () => expect((await storedLocal()).clearClipboardAfterSeconds).toBe(0));
    cleanup();
    await openOptions();
    expect(clearAfter().value).toBe('0');
  });
});

describe('the pushes page says truthfully what it keeps', () => {
  it('links, names and notes; never the secret', async () => {
    render(<PushesApp />);
    await screen.findByText(/Their links, names and notes are kept here; never the secret\./);
  });
});

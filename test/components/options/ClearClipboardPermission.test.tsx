import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearClipboardAfterSeconds } from '@/lib/settings';
import { answerAsWorkingInstance, openOptions, stubPermissions } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

const CLIPBOARD_READ = { permissions: ['clipboardRead'] };
const clearAfter = () => screen.getByRole('combobox', { name: 'Clear copied secrets after' }) as HTMLSelectElement;
const allow = () => screen.queryByRole('button', { name: 'Allow reading the clipboard' });
const needsPermission = () => screen.queryByText(/^Clearing needs your permission for Pushgate to read the clipboard/);
const declined = () => screen.queryByText(/^Clearing is off: reading the clipboard was not allowed/);

let permissions: ReturnType<typeof stubPermissions>;

beforeEach(() => {
  answerAsWorkingInstance();
});

describe('clipboardRead, asked for when clearing copied secrets is on, never at install', () => {
  it('held already: nothing to ask, no note', async () => {
    permissions = stubPermissions({ host_permissions: [], permissions: ['clipboardRead'] });
    await openOptions();
    await waitFor(() => expect(permissions.contains).toHaveBeenCalledWith(CLIPBOARD_READ));
    expect(needsPermission()).toBeNull();
    expect(allow()).toBeNull();
    expect(permissions.request).not.toHaveBeenCalled();
  });

  it('not held while clearing is on (the default): says why it is needed, and asks on "Allow reading the clipboard"', async () => {
    permissions = stubPermissions();
    await openOptions();
    await waitFor(() => expect(allow()).not.toBeNull());
    expect(needsPermission()).not.toBeNull();
    expect(allow()!.getAttribute('aria-describedby')).toBe(needsPermission()!.id);
    expect(permissions.request).not.toHaveBeenCalled();

    fireEvent.click(allow()!);
    expect(permissions.request).toHaveBeenCalledWith(CLIPBOARD_READ);
    await waitFor(() => expect(allow()).toBeNull());
    expect(needsPermission()).toBeNull();
  });

  it('declined: says that clearing is off because of it, and can be asked again', async () => {
    permissions = stubPermissions();
    permissions.request.mockResolvedValue(false);
    await openOptions();
    fireEvent.click((await screen.findByRole('button', { name: 'Allow reading the clipboard' })) as HTMLElement);
    await waitFor(() => expect(declined()).not.toBeNull());
    expect(needsPermission()).toBeNull();
    expect(declined()!.textContent).toContain('copied secrets stay on the clipboard');

    permissions.request.mockResolvedValue(true);
    fireEvent.click(allow()!);
    await waitFor(() => expect(declined()).toBeNull());
    expect(permissions.request).toHaveBeenCalledTimes(2);
  });

  it('switched on from Off: asked at once, from the choice itself', async () => {
    permissions = stubPermissions();
    await clearClipboardAfterSeconds.setValue(0);
    await openOptions();
    await waitFor(() => expect(permissions.contains).toHaveBeenCalledWith(CLIPBOARD_READ));
    expect(needsPermission()).toBeNull();
    expect(allow()).toBeNull();

    fireEvent.change(clearAfter(), { target: { value: '30' } });
    expect(permissions.request).toHaveBeenCalledWith(CLIPBOARD_READ);
    await waitFor(() => expect(permissions.contains).toHaveBeenCalled());
    expect(clearAfter().value).toBe('30');
    await waitFor(() => expect(needsPermission()).toBeNull());
  });

  it('a browser that refuses to ask outside a click: the note and the button stay', async () => {
    permissions = stubPermissions();
    permissions.request.mockRejectedValue(new Error('permissions.request may only be called from a user input handler'));
    await clearClipboardAfterSeconds.setValue(0);
    await openOptions();
    fireEvent.change(clearAfter(), { target: { value: '300' } });
    await waitFor(() => expect(allow()).not.toBeNull());
    expect(needsPermission()).not.toBeNull();
    expect(declined()).toBeNull();
  });

  it('Off needs nothing: no note whether or not it is held', async () => {
    permissions = stubPermissions();
    await clearClipboardAfterSeconds.setValue(0);
    await openOptions();
    await waitFor(() => expect(permissions.contains).toHaveBeenCalled());
    expect(needsPermission()).toBeNull();
    expect(declined()).toBeNull();
    expect(allow()).toBeNull();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { originPattern, releaseOrigin, requestOrigin, requestOrigins } from '@/lib/browser/permissions';

let permissions: { request: ReturnType<typeof vi.fn>; remove: ReturnType<typeof vi.fn> };

function installManifest(manifest: { host_permissions?: string[]; permissions?: string[] }) {
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'x', version: '1', ...manifest } as never);
}

beforeEach(() => {
  permissions = { request: vi.fn(async () => true), remove: vi.fn(async () => true) };
  (fakeBrowser as unknown as { permissions: object }).permissions = {
    ...permissions,
    contains: vi.fn(),
    getAll: vi.fn(),
  };
  installManifest({ host_permissions: [], permissions: ['storage'] });
});

describe('originPattern', () => {
  it.each([
    ['https://pwpush.example', 'https://pwpush.example/*'],
    ['https://pwpush.example:8443', 'https://pwpush.example/*'],
    ['http://127.0.0.1:5100', 'http://127.0.0.1/*'],
    ['http://localhost', 'http://localhost/*'],
  ])('%s → %s (no port: Firefox refuses ports in match patterns)', (origin, pattern) => {
    expect(originPattern(origin)).toBe(pattern);
  });
});

describe('requestOrigin', () => {
  it('asks for exactly the one origin', async () => {
    await expect(requestOrigin('https://pwpush.example')).resolves.toBe(true);
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://pwpush.example/*'] });
  });

  it('calls the browser synchronously, inside the user gesture', () => {
    void requestOrigin('https://pwpush.example');
    expect(permissions.request).toHaveBeenCalledTimes(1);
  });

  it('passes on a refusal', async () => {
    permissions.request.mockResolvedValue(false);
    await expect(requestOrigin('https://pwpush.example')).resolves.toBe(false);
  });
});

describe('requestOrigins', () => {
  it('asks for several origins in one call, each host once, synchronously', () => {
    void requestOrigins(['https://pwpush.example', 'https://api.swedavia.se', 'https://pwpush.example:8443']);
    expect(permissions.request).toHaveBeenCalledTimes(1);
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['https://pwpush.example/*', 'https://api.swedavia.se/*'] });
  });
});

describe('releaseOrigin', () => {
  it('gives back an optional origin', async () => {
    await expect(releaseOrigin('https://old.example:8443')).resolves.toBe(true);
    expect(permissions.remove).toHaveBeenCalledWith({ origins: ['https://old.example/*'] });
  });

  it.each([
    [{ host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'] }, 'http://127.0.0.1:5100'],
    [{ host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'] }, 'http://localhost:3000'],
    [{ host_permissions: ['*://*.example/*'] }, 'https://pwpush.example'],
    [{ host_permissions: ['https://*/*'] }, 'https://pwpush.example'],
    [{ host_permissions: ['https://pwpush.example:*/*'] }, 'https://pwpush.example'],
    [{ permissions: ['storage', '<all_urls>'] }, 'https://pwpush.example'],
    [{ permissions: ['storage', 'https://pwpush.example/*'] }, 'https://pwpush.example:8443'],
  ])('never removes a permission granted at install (%j, %s)', async (manifest, origin) => {
    installManifest(manifest);
    await expect(releaseOrigin(origin)).resolves.toBe(false);
    expect(permissions.remove).not.toHaveBeenCalled();
  });

  it.each([
    [{ host_permissions: ['http://127.0.0.1/*'] }, 'https://127.0.0.1'],
    [{ host_permissions: ['https://pwpush.example/*'] }, 'https://other.example'],
    [{ host_permissions: ['https://*.pwpush.example/*'] }, 'https://evilpwpush.example'],
    [{ host_permissions: ['https://pwpush.example:8443/*'] }, 'https://pwpush.example'],
  ])('removes what the install-time permissions do not cover (%j, %s)', async (manifest, origin) => {
    installManifest(manifest);
    await expect(releaseOrigin(origin)).resolves.toBe(true);
    expect(permissions.remove).toHaveBeenCalledTimes(1);
  });

  it('never throws: a failed removal must not undo a saved setting', async () => {
    permissions.remove.mockRejectedValue(new Error('You cannot remove required permissions.'));
    await expect(releaseOrigin('https://old.example')).resolves.toBe(false);
    await expect(releaseOrigin('not a url')).resolves.toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { compactLocalStorage } from '@/lib/settings/compact-local';

describe('compacting storage.local', () => {
  it('clears the area, so the browser starts its files anew, and writes back everything that was kept', async () => {
    await fakeBrowser.storage.local.set({ instanceUrl: 'https://pwpush.example', pushDefaults: { expireAfterDays: 3 } });
    const clear = vi.spyOn(fakeBrowser.storage.local, 'clear');
    expect(await compactLocalStorage()).toBe(true);
    expect(clear).toHaveBeenCalledOnce();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      instanceUrl: 'https://pwpush.example',
      pushDefaults: { expireAfterDays: 3 },
    });
  });

  it('says so when the browser refuses', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'clear').mockRejectedValue(new Error('IO error'));
    expect(await compactLocalStorage()).toBe(false);
  });
});

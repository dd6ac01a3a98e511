import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { readItems } from '@/lib/settings/read-items';

describe('readItems', () => {
  it('reads several settings in one round trip per area, each with its own fallback, in order', async () => {
    const url = storage.defineItem<string>('local:airportApiUrl', { fallback: 'https://api.swedavia.se' });
    const minutes = storage.defineItem<number>('local:airportRefreshMinutes', { fallback: 5 });
    const token = storage.defineItem<string>('session:apiToken', { fallback: '' });
    await minutes.setValue(15);
    await token.setValue('session-token');
    const localGet = vi.spyOn(fakeBrowser.storage.local, 'get');
    const sessionGet = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await readItems([url, minutes, token] as const)).toEqual(['https://api.swedavia.se', 15, 'session-token']);
    expect(localGet).toHaveBeenCalledTimes(1);
    expect(sessionGet).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readListCursor, saveListCursor } from '@/lib/push-lists/cursor';

const BASE_URL = 'https://pwpush.example';

describe('the state check cursor', () => {
  it('is kept per instance: another instance starts a new round', async () => {
    await saveListCursor(BASE_URL, { list: 'expired', page: 7, roundStartedAt: 1_000 });
    expect(await readListCursor(`${BASE_URL}/`)).toEqual({ list: 'expired', page: 7, roundStartedAt: 1_000 });
    expect(await readListCursor('https://other.example')).toBeNull();
    expect(await fakeBrowser.storage.local.get('stateCheckCursor')).toEqual({
      stateCheckCursor: { baseUrl: BASE_URL, list: 'expired', page: 7, roundStartedAt: 1_000 },
    });
  });

  it.each([
    ['a list it does not know', { baseUrl: BASE_URL, list: 'drafts', page: 1, roundStartedAt: 0 }],
    ['a page the server refuses', { baseUrl: BASE_URL, list: 'active', page: 201, roundStartedAt: 0 }],
    ['no page number', { baseUrl: BASE_URL, list: 'active', page: '2', roundStartedAt: 0 }],
    ['no instance', { list: 'active', page: 2, roundStartedAt: 0 }],
    ['not an object', 'active 2'],
  ])('reads %s as no cursor', async (_what, stored) => {
    await fakeBrowser.storage.local.set({ stateCheckCursor: stored });
    expect(await readListCursor(BASE_URL)).toBeNull();
  });
});

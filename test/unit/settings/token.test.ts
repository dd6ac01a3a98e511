import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getConnection, getToken, instanceUrl, setToken } from '@/lib/settings';

const A = 'https://a.pwpush.example';
const B = 'https://b.pwpush.example';

beforeEach(() => fakeBrowser.reset());

describe('a stored API token is handed out only for the origin it was saved for', () => {
  it.each([true, false])('remembered: %s', async (remember) => {
    await instanceUrl.setValue(A);
    await setToken('token-of-a', remember, A);
    expect(await getConnection()).toEqual({ baseUrl: A, token: 'token-of-a' });

    await instanceUrl.setValue(B);
    expect(await getToken()).toBe('');
    expect(await getConnection()).toEqual({ baseUrl: B, token: '' });
  });

  it('keeps the origin beside the token in storage', async () => {
    await setToken('token-of-a', true, A);
    expect((await fakeBrowser.storage.local.get('apiToken')).apiToken).toEqual({ origin: A, token: 'token-of-a' });
  });

  it('a token saved before origins were kept belongs to the instance stored with it', async () => {
    await fakeBrowser.storage.local.set({ instanceUrl: A, apiToken: 'legacy', rememberToken: true });
    expect(await getConnection()).toEqual({ baseUrl: A, token: 'legacy' });
  });

  it('stores nothing for an empty token', async () => {
    await setToken('', true, A);
    expect(await fakeBrowser.storage.local.get('apiToken')).toEqual({});
  });
});

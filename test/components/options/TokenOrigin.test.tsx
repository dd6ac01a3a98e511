import { fireEvent, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activePushes } from '@/lib/pwpush/client';
import { instanceUrl, setToken } from '@/lib/settings';
import { answerAsWorkingInstance, controls, openOptions, storedLocal, storedSession, stubPermissions, type } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

const A = 'https://a.pwpush.example';
const B = 'https://b.pwpush.example';

beforeEach(async () => {
  stubPermissions();
  answerAsWorkingInstance();
  await instanceUrl.setValue(A);
  await setToken('token-of-a', true, A);
});

/** Every token the page handed to the instance check, with the origin it went to. */
function tokensSent(): Array<[string, string | undefined]> {
  return vi.mocked(activePushes).mock.calls.map(([connection]) => [connection.baseUrl, connection.token]);
}

describe('the API token stays with the origin it was entered for', () => {
  it('empties the token field, saying why, when the URL is left naming another origin', async () => {
    await openOptions();
    expect(controls.token().value).toBe('token-of-a');
    type(controls.url(), B);
    fireEvent.change(controls.url());

    expect(controls.token().value).toBe('');
    const hint = document.getElementById('api-token-hint')!;
    expect(controls.token().getAttribute('aria-describedby')).toContain('api-token-hint');
    expect(hint.textContent).toContain(`entered for ${A}`);
  });

  it('keeps the token when the URL still names the same origin', async () => {
    await openOptions();
    type(controls.url(), `${A}/p/abc`);
    fireEvent.change(controls.url());
    expect(controls.token().value).toBe('token-of-a');
  });

  it('on Save with a changed URL: stores and checks the new origin without the old token', async () => {
    await openOptions();
    await waitFor(() => expect(tokensSent()).toEqual([[A, 'token-of-a']]));
    type(controls.url(), B);
    fireEvent.click(controls.save());

    await waitFor(async () => expect((await storedLocal()).instanceUrl).toBe(B));
    await waitFor(() => expect(controls.status().textContent).toMatch(/saved/i));
    expect(JSON.stringify(await storedLocal())).not.toContain('token-of-a');
    expect(JSON.stringify(await storedSession())).not.toContain('token-of-a');
    expect(tokensSent().filter(([origin]) => origin === B)).toEqual([]);
    expect(controls.token().value).toBe('');
  });

  it('binds a token typed for the new origin to it', async () => {
    await openOptions();
    type(controls.url(), B);
    fireEvent.change(controls.url());
    type(controls.token(), 'token-of-b');
    fireEvent.click(controls.save());

    await waitFor(async () => expect((await storedLocal()).apiToken).toEqual({ origin: B, token: 'token-of-b' }));
    expect(document.getElementById('api-token-hint')!.textContent).not.toContain('entered for');
  });
});

describe('"Remember token on this device"', () => {
  it('promises no more than the browser does: an earlier token may stay in its files; revoke it', async () => {
    await openOptions();
    const hint = document.getElementById(controls.remember().getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toMatch(/memory only/);
    expect(hint.textContent).toMatch(/may stay in the browser's files until they are compacted/);
    expect(hint.textContent).toMatch(/revoke it on your instance/);
  });
});

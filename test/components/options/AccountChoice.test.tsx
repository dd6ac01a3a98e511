import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountChoices, getConnection } from '@/lib/settings';
import { versionRecord } from '@/test/support/pwpush-fixtures';
import { controls, fillAndSave, openOptions, storedLocal, stubPermissions } from './support';

/**
 * "Account" on the settings page (docs/password-pusher.md#accounts), with the real client and only
 * `fetch` stubbed: shown only where `/version` says accounts, a token is saved and accepted, and the
 * token has more than one account; the choice is kept per instance at once.
 */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const COMMERCIAL = versionRecord({ edition: 'commercial', features: { accounts: { enabled: true }, requests: { enabled: true } } });
const TWO = [
  { id: 11, name: 'Alice Example', role: 'owner' },
  { id: 12, name: 'Acme Security', role: 'member' },
];

let accountsAsked = 0;
function serve(version: unknown, accounts: () => Response) {
  accountsAsked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const { pathname } = new URL(input);
      if (pathname === '/api/v2/version') return json(version);
      if (pathname === '/api/v2/pushes/active') return json([]);
      if (pathname === '/api/v2/accounts') {
        accountsAsked += 1;
        return accounts();
      }
      return json({ status: 404, error: 'Not Found' }, 404);
    }),
  );
}

const accountSelect = () => screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;

beforeEach(() => {
  stubPermissions();
  return () => vi.unstubAllGlobals();
});

describe('the account choice', () => {
  it('lists the token’s accounts by name, keeps the first, and keeps a new choice at once for this instance', async () => {
    serve(COMMERCIAL, () => json(TWO));
    await openOptions();
    fillAndSave('https://pwpush.example', 'good');

    // Save, the permission, the check and the listing come first: a loaded machine takes its time.
    await waitFor(() => expect(accountSelect().value).toBe('11'), { timeout: 5000 });
    expect([...accountSelect().options].map((option) => option.textContent)).toEqual(['Alice Example', 'Acme Security']);
    await waitFor(async () =>
      expect((await storedLocal()).accountChoice).toEqual({ 'https://pwpush.example': { id: '11', name: 'Alice Example' } }),
    );

    fireEvent.change(accountSelect(), { target: { value: '12' } });
    // Server text is isolated where it is said (lib/short-text.ts).
    await screen.findByText('Kept: Pushgate now works in “\u2068Acme Security\u2069”.');
    expect(await getConnection()).toEqual({
      baseUrl: 'https://pwpush.example',
      token: 'good',
      accountId: '12',
      accountName: 'Acme Security',
    });
    // The choice is the token's and not a secret: never in sync storage.
    expect(JSON.stringify(await storedLocal())).toContain('Acme Security');
  });

  it('keeps an earlier choice that is still among the accounts', async () => {
    await accountChoices.setValue({ 'https://pwpush.example': { id: '12', name: 'Old name' } });
    serve(COMMERCIAL, () => json({ accounts: TWO }));
    await openOptions();
    fillAndSave('https://pwpush.example', 'good');
    await waitFor(() => expect(accountSelect().value).toBe('12'), { timeout: 5000 });
    // The name as the instance says it now.
    await waitFor(async () =>
      expect((await storedLocal()).accountChoice).toEqual({ 'https://pwpush.example': { id: '12', name: 'Acme Security' } }),
    );
  });

  it('shows no choice for one account, but keeps it so the Pushes page can name it', async () => {
    serve(COMMERCIAL, () => json([TWO[0]]));
    await openOptions();
    fillAndSave('https://pwpush.example', 'good');
    await waitFor(async () =>
      expect((await storedLocal()).accountChoice).toEqual({ 'https://pwpush.example': { id: '11', name: 'Alice Example' } }),
    );
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });

  it('forgets an earlier choice when the token has no account at all, and says so', async () => {
    await accountChoices.setValue({
      'https://pwpush.example': { id: '12', name: 'Acme Security' },
      'https://other.example': { id: '3', name: 'Other' },
    });
    serve(COMMERCIAL, () => json([]));
    await openOptions();
    fillAndSave('https://pwpush.example', 'good');
    await screen.findByText('The instance lists no account for this token: pushes go where the instance puts them.');
    expect((await storedLocal()).accountChoice).toEqual({ 'https://other.example': { id: '3', name: 'Other' } });
  });

  it('asks for a token on a commercial instance without one, and lists nothing', async () => {
    serve(COMMERCIAL, () => json(TWO));
    await openOptions();
    fillAndSave('https://pwpush.example', '');
    await screen.findByText('This instance has accounts: save an API token to choose the one Pushgate works in.');
    expect(accountsAsked).toBe(0);
  });

  it('says why when the accounts cannot be listed', async () => {
    serve(COMMERCIAL, () => json({ error: 'boom' }, 500));
    await openOptions();
    fillAndSave('https://pwpush.example', 'good');
    await screen.findByText(/^The token’s accounts could not be listed: /);
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });

  it('changes nothing on an OSS instance: no field, no request, nothing stored', async () => {
    serve(versionRecord(), () => json(TWO));
    await openOptions();
    fillAndSave('https://pwpush.example', 'good');
    await waitFor(() => expect(controls.status().textContent).toContain('Token accepted'));
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    expect(accountsAsked).toBe(0);
    expect((await storedLocal()).accountChoice).toBeUndefined();
  });
});

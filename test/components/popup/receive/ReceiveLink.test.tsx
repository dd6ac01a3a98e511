import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fail, ok } from '@/lib/result';
import { capabilitiesCache } from '@/lib/settings';
import { makeVersionInfo } from '@/test/support/pwpush-fixtures';
import { BASE_URL, LINK, TOKEN, linkField, openLink, retrievedPush, type } from './fixtures';

const pwpush = installFakePwpush();
const { retrievePush } = pwpush;

const retrieve = retrievePush;
const WARNING = 'Opening it counts as a view; the last allowed view deletes it.';

beforeEach(() => {
  vi.resetAllMocks();
  retrieve.mockResolvedValue(ok(retrievedPush()));
});

function renderView(onBack = vi.fn()) {
  render(<ReceiveView baseUrl={BASE_URL} onBack={onBack} />);
  return onBack;
}

describe('opening a secret link: step 1', () => {
  it('sends nothing on paste or on "Open": the warning comes first', async () => {
    renderView();
    expect(document.activeElement).toBe(linkField());
    type(linkField(), LINK);
    expect(screen.queryByText(WARNING)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));

    const confirm = await screen.findByRole('button', { name: 'Open and count a view' });
    expect(screen.getByText(WARNING)).toBeTruthy();
    expect(confirm.getAttribute('aria-describedby')).toBe(screen.getByText(WARNING).id);
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(retrieve).not.toHaveBeenCalled();

    fireEvent.click(confirm);
    await screen.findByRole('textbox', { name: 'Secret' });
    expect(retrieve).toHaveBeenCalledOnce();
    expect(retrieve).toHaveBeenCalledWith({ baseUrl: BASE_URL }, TOKEN, undefined);
  });

  it('retrieves without the API token, as a recipient', async () => {
    renderView();
    await openLink();
    await waitFor(() => expect(retrieve).toHaveBeenCalled());
    const [config] = retrieve.mock.calls[0]!;
    expect(config).not.toHaveProperty('token');
  });

  it('takes a bare token too', async () => {
    renderView();
    await openLink(`  ${TOKEN}\n`);
    await waitFor(() => expect(retrieve).toHaveBeenCalledWith({ baseUrl: BASE_URL }, TOKEN, undefined));
  });

  it('sends one request however often the confirmation is clicked', async () => {
    let answer!: (value: Awaited<ReturnType<typeof retrievePush>>) => void;
    retrieve.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderView();
    await openLink();
    const confirm = screen.getByRole('button', { name: 'Open and count a view' });
    fireEvent.click(confirm);
    fireEvent.submit(confirm.closest('form')!);
    expect(screen.getByText('Opening…')).toBeTruthy();
    answer(ok(retrievedPush()));
    await screen.findByRole('textbox', { name: 'Secret' });
    expect(retrieve).toHaveBeenCalledOnce();
  });

  it('goes back to "Open" when the link is edited or the warning cancelled', async () => {
    renderView();
    type(linkField(), LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(WARNING)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText(WARNING);
    type(linkField(), `${LINK}x`);
    expect(screen.queryByText(WARNING)).toBeNull();
    expect(retrieve).not.toHaveBeenCalled();
  });

  it('refuses a link of another instance without a request, naming both origins', async () => {
    renderView();
    type(linkField(), 'https://pwpush.example.evil.test/p/k3xq9w0lz2mfa/r');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain('https://pwpush.example.evil.test');
    expect(error.textContent).toContain('https://pwpush.example.');
    expect(error.textContent).toMatch(/not opened/);
    expect(linkField().getAttribute('aria-invalid')).toBe('true');
    expect(linkField().getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByRole('button', { name: 'Open and count a view' })).toBeNull();
    expect(retrieve).not.toHaveBeenCalled();
  });

  it.each([
    ['nothing', '', 'Paste a secret link first.'],
    [
      'something else',
      'https://pwpush.example/users/sign_in',
      'That is not a secret link. A secret link looks like https://pwpush.example/p/….',
    ],
  ])('says so when given %s', async (_, input, message) => {
    renderView();
    type(linkField(), input);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(retrieve).not.toHaveBeenCalled();
  });

  it('says that no push exists on the instance for a 404', async () => {
    retrieve.mockResolvedValue(fail({ kind: 'not-found', status: 404, serverMessage: 'not-found' }));
    renderView();
    await openLink();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No push with that link exists on pwpush.example (it may have been deleted).',
    );
    type(linkField(), TOKEN);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the instance wants signed-in users for a token-gate 401 (empty body)', async () => {
    retrieve.mockResolvedValue(fail({ kind: 'unauthorized', status: 401 }));
    renderView();
    await openLink();
    expect((await screen.findByRole('alert')).textContent).toMatch(/pwpush\.example opens pushes through its API only for signed-in users/);
    expect(screen.queryByLabelText('Passphrase', { selector: 'input' })).toBeNull();
  });

  it('explains other failures and lets the person try again', async () => {
    retrieve.mockResolvedValueOnce(fail({ kind: 'network' }));
    renderView();
    await openLink();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be reached/);
    fireEvent.click(screen.getByRole('button', { name: 'Open and count a view' }));
    await screen.findByRole('textbox', { name: 'Secret' });
    expect(retrieve).toHaveBeenCalledTimes(2);
  });

  it('goes back with "Back"', () => {
    const onBack = renderView();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('a request link pasted on an instance that takes requests', () => {
  it('is said to be a request, opens in a tab, and sends nothing to the API', async () => {
    await capabilitiesCache.setValue({
      [BASE_URL]: { info: makeVersionInfo({ edition: 'commercial', features: { accounts: true, requests: true } }), checkedAt: Date.now() },
    });
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    renderView();
    // The edition is read from the cache when the view opens.
    await waitFor(() => {
      type(linkField(), `${BASE_URL}/r/${TOKEN}`);
      fireEvent.click(screen.getByRole('button', { name: 'Open' }));
      expect(screen.getByRole('alert').textContent).toMatch(/This is a request link: it asks for a secret and holds none/);
    });
    expect(screen.queryByRole('button', { name: 'Open and count a view' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the request in a tab' }));
    expect(created).toHaveBeenCalledWith({ url: `${BASE_URL}/r/${TOKEN}` });
    expect(retrieve).not.toHaveBeenCalled();
  });

  it('on an OSS instance, /r/ is the legacy path of a push and is opened as one', async () => {
    await capabilitiesCache.setValue({ [BASE_URL]: { info: makeVersionInfo(), checkedAt: Date.now() } });
    renderView();
    await openLink(`${BASE_URL}/r/${TOKEN}`);
    await waitFor(() => expect(retrieve).toHaveBeenCalledWith({ baseUrl: BASE_URL }, TOKEN, undefined));
  });
});

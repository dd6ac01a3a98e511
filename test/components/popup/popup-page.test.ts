import { installFakePwpush } from '@/test/support/fake-pwpush';
import { installFakeWorker } from '@/test/support/extension-worker';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCapabilities } from '@/lib/share/capabilities';
import { readSelection } from '@/lib/share/selection';
import { sharePush } from '@/lib/share/share-push';
import { getTargetTab } from '@/lib/browser/target-tab';
import { fail, ok } from '@/lib/result';
import { platformOs } from '@/lib/settings';
import { BASE_URL, configure, createdPush, loadPopupPage, openPopupPage, stubClipboard, versionInfo } from './fixtures';

// No request leaves for a real network: the instance is a small fake behind fetch (test/support/fake-pwpush.ts).
installFakePwpush();

vi.mock('@/lib/share/share-push', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/share-push')>()),
  sharePush: vi.fn(),
}));
vi.mock('@/lib/share/selection', () => ({ readSelection: vi.fn() }));
vi.mock('@/lib/browser/target-tab', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/browser/target-tab')>()),
  getTargetTab: vi.fn(),
}));
vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));

const share = vi.mocked(sharePush);

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
  share.mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL }));
  stubClipboard();
});

async function openPopup() {
  await openPopupPage();
  return screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement;
}

const pushButton = () => screen.getByRole('button', { name: 'Push' });
/** Opens "Options". */
async function openOptions() {
  fireEvent.click(screen.getByText('Options', { selector: 'summary' }));
  await screen.findByRole('spinbutton', { name: 'Expire after days' });
}
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });

describe('popup when not configured', () => {
  it('offers the options page instead of the form', async () => {
    const openOptionsPage = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    await openPopupPage();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(openOptionsPage).toHaveBeenCalledOnce();
    expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Push' })).toBeNull();
  });
});

describe('popup form', () => {
  beforeEach(() => configure());

  it('prefills the selection exactly, whitespace and line breaks kept, and says where it came from', async () => {
    const selection = '\n  ssh-ed25519 AAAA\n\tsecond line  \n';
    vi.mocked(getTargetTab).mockResolvedValue({ id: 7, url: 'https://intranet.example/keys' });
    vi.mocked(readSelection).mockResolvedValue(selection);
    const secret = await openPopup();
    // The form is on screen first; the selection fills it when it arrives.
    await waitFor(() => expect(secret.value).toBe(selection));
    expect(readSelection).toHaveBeenCalledWith(7);
    expect(screen.getByText('Selected text from intranet.example')).toBeTruthy();

    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![0].payload).toBe(selection);
  });

  it('shows the form before the page answers, and a late selection never replaces what was typed', async () => {
    let answer!: (selection: string) => void;
    vi.mocked(getTargetTab).mockResolvedValue({ id: 7, url: 'https://intranet.example/keys' });
    vi.mocked(readSelection).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const secret = await openPopup();
    type(secret, 'typed first');
    await waitFor(() => expect(readSelection).toHaveBeenCalledWith(7));
    answer('selected later');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secret.value).toBe('typed first');
    expect(screen.queryByText('Selected text from intranet.example')).toBeNull();
  });

  it('takes typing before its settings are read, keeps it, and a push clicked meanwhile waits for them, once', async () => {
    await configure('api-token', { expireAfterDays: 3 });
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    let release!: () => void;
    const settingsRead = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation((async (keys: never) => {
      await settingsRead;
      return get(keys);
    }) as never);
    const opened = loadPopupPage();
    const secret = (await screen.findByRole('textbox', { name: 'Secret' })) as HTMLTextAreaElement;
    await waitFor(() => expect(secret.disabled).toBe(false));
    type(secret, 'typed early');
    fireEvent.click(pushButton());
    fireEvent.click(pushButton());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(share).not.toHaveBeenCalled();
    release();
    await opened;
    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledOnce();
    expect(share.mock.calls[0]![0]).toMatchObject({ payload: 'typed early', expireAfterDays: 3 });
  });

  it('pushes with the settings read when it opened: the click reads nothing first', async () => {
    await configure('api-token', { expireAfterDays: 3 });
    type(await openPopup(), 'x');
    await screen.findByRole('radio', { name: 'QR code' });
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![1]).toMatchObject({
      known: {
        connection: { baseUrl: BASE_URL, token: 'api-token' },
        defaults: expect.objectContaining({ expireAfterDays: 3 }),
        edition: versionInfo().edition,
      },
      // The popup names the attempt, so that it can look for the push itself should the background stop.
      attemptId: expect.any(String),
    });
  });

  it('fills the page URL and switches to a URL push', async () => {
    vi.mocked(getTargetTab).mockResolvedValue({ id: 3, url: 'https://docs.example/page?x=1' });
    const secret = await openPopup();
    await screen.findByRole('radio', { name: 'URL' });
    fireEvent.click(screen.getByRole('button', { name: 'Use page URL' }));
    await waitFor(() => expect(secret.value).toBe('https://docs.example/page?x=1'));
    expect((screen.getByRole('radio', { name: 'URL' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers no page URL for pages that are not http(s)', async () => {
    vi.mocked(getTargetTab).mockResolvedValue({ id: 3, url: 'file:///home/me/notes.txt' });
    await openPopup();
    expect(screen.queryByRole('button', { name: 'Use page URL' })).toBeNull();
  });

  it('pushes typed text with the chosen options', async () => {
    const secret = await openPopup();
    type(secret, '  hunter2\n');
    await openOptions();
    type(screen.getByRole('spinbutton', { name: 'Expire after days' }), '2');
    type(screen.getByRole('spinbutton', { name: 'Expire after views' }), '1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Deletable by viewer' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Retrieval step' }));
    type(screen.getByLabelText('Passphrase', { selector: 'input' }), 'open sesame');
    type(screen.getByRole('textbox', { name: 'Name' }), 'Staging DB');
    type(screen.getByRole('textbox', { name: /^Note/ }), 'for Kim');
    fireEvent.click(screen.getByRole('radio', { name: 'QR code' }));
    fireEvent.click(pushButton());

    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledOnce();
    expect(share.mock.calls[0]![0]).toEqual({
      kind: 'qr',
      payload: '  hunter2\n',
      expireAfterDays: 2,
      expireAfterViews: 1,
      deletableByViewer: false,
      retrievalStep: false,
      passphrase: 'open sesame',
      name: 'Staging DB',
      note: 'for Kim',
      files: undefined,
      recipientLocale: '',
    });
  });

  it('starts days, views and the switches from the saved defaults', async () => {
    await configure('api-token', { expireAfterDays: 3, expireAfterViews: 9, deletableByViewer: false, retrievalStep: false });
    type(await openPopup(), 'x');
    await openOptions();
    expect((screen.getByRole('spinbutton', { name: 'Expire after days' }) as HTMLInputElement).value).toBe('3');
    expect((screen.getByRole('spinbutton', { name: 'Expire after views' }) as HTMLInputElement).value).toBe('9');
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![0]).toMatchObject({
      kind: 'text',
      expireAfterDays: 3,
      expireAfterViews: 9,
      deletableByViewer: false,
      retrievalStep: false,
    });
  });

  it('checks days (1 to 90) and views (1 to 100) before sending, and shows the ranges as the options page does', async () => {
    type(await openPopup(), 'x');
    await openOptions();
    const days = screen.getByRole('spinbutton', { name: 'Expire after days' }) as HTMLInputElement;
    const views = screen.getByRole('spinbutton', { name: 'Expire after views' }) as HTMLInputElement;
    expect(document.getElementById(days.getAttribute('aria-describedby')!)!.textContent).toBe('From 1 to 90.');
    expect(document.getElementById(views.getAttribute('aria-describedby')!)!.textContent).toBe('From 1 to 100.');
    expect([days.max, views.max]).toEqual(['90', '100']);
    type(days, '91');
    type(views, '101');
    fireEvent.click(pushButton());

    await waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('days-error')!.textContent).toBe('Enter a whole number from 1 to 90.');
    expect(document.getElementById('views-error')!.textContent).toBe('Enter a whole number from 1 to 100.');
    expect(share).not.toHaveBeenCalled();
    type(days, '90');
    type(views, '100');
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![0]).toMatchObject({ expireAfterDays: 90, expireAfterViews: 100 });
  });

  it('sends nothing for an empty secret and says so next to the field', async () => {
    const secret = await openPopup();
    type(secret, '   ');
    fireEvent.click(pushButton());
    expect(await screen.findByText('Type or paste the secret first.')).toBeTruthy();
    expect(secret.getAttribute('aria-invalid')).toBe('true');
    expect(secret.getAttribute('aria-describedby')).toContain('secret-error');
    expect(share).not.toHaveBeenCalled();
  });

  it('makes one push from a double click or Enter pressed twice', async () => {
    let finish!: () => void;
    share.mockImplementation(() => new Promise((resolve) => (finish = () => resolve(ok({ push: createdPush(), baseUrl: BASE_URL })))));
    type(await openPopup(), 'only once');
    const button = pushButton();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(share).toHaveBeenCalledOnce();
    expect(button.getAttribute('aria-busy')).toBe('true');
    finish();
    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledOnce();
  });

  it('shows "Pushing…" with a progress indicator next to the button while the request is out', async () => {
    let finish!: () => void;
    share.mockImplementation(() => new Promise((resolve) => (finish = () => resolve(ok({ push: createdPush(), baseUrl: BASE_URL })))));
    type(await openPopup(), 'slow instance');
    fireEvent.click(pushButton());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Pushing…'));
    // Visible, next to the button: not only the screen-reader live region.
    const shown = screen.getByText('Pushing…', { selector: '.push-row *' });
    expect(shown.closest('.visually-hidden, [hidden]')).toBeNull();
    expect(shown.closest('.push-row')!.querySelector('.spinner')).not.toBeNull();
    finish();
    await screen.findByText(createdPush().htmlUrl);
  });

  // The platform is the one the background kept ('' before it ran, as on a first test run).
  it.each([
    { os: '', aria: 'Control+Enter', shown: 'Ctrl+Enter', keys: { ctrlKey: true } },
    { os: 'win', aria: 'Control+Enter', shown: 'Ctrl+Enter', keys: { ctrlKey: true } },
    { os: 'mac', aria: 'Meta+Enter', shown: '⌘+Enter', keys: { metaKey: true } },
  ])('shows $shown as the keyboard shortcut for pushing on "$os", and the shortcut pushes', async ({ os, aria, shown, keys }) => {
    await platformOs.setValue(os);
    const secret = await openPopup();
    expect(pushButton().getAttribute('aria-keyshortcuts')).toBe(aria);
    // Where it goes first, then the shortcut: never read as "press Ctrl+Enter to <instance>".
    const hints = [...document.querySelectorAll('.push-row .push-hint')].map((hint) => hint.textContent);
    expect(hints).toEqual([`Sends to ${new URL(BASE_URL).host}`, `Shortcut: ${shown}`]);
    type(secret, 'by keyboard');
    fireEvent.keyDown(secret, { key: 'Enter', ...keys });
    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledOnce();
  });

  it("opens without touching navigator or the windows API (11.6 and 1.8 kB of the popup's heap)", async () => {
    const navigatorRead = vi.spyOn(window, 'navigator', 'get');
    const windowCalls = [vi.spyOn(fakeBrowser.windows, 'getCurrent'), vi.spyOn(fakeBrowser.windows, 'getLastFocused')];
    // Imported afresh, so that its top-level code runs under the spy too.
    vi.resetModules();
    const { startPopup } = await import('@/components/popup/popup-start');
    await loadPopupPage(startPopup);
    await waitFor(() => expect(screen.getByText('Shortcut: Ctrl+Enter', { selector: '.push-row *' })).toBeTruthy());
    expect(navigatorRead).not.toHaveBeenCalled();
    for (const call of windowCalls) expect(call).not.toHaveBeenCalled();
    navigatorRead.mockRestore();
  });

  it('keeps everything typed after a failure, explains it, and retries with the same button', async () => {
    const openOptionsPage = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    share.mockResolvedValueOnce(fail({ kind: 'unauthorized', status: 401 }));
    const secret = await openPopup();
    type(secret, 'keep me\nplease');
    await openOptions();
    type(screen.getByLabelText('Passphrase', { selector: 'input' }), 'and me');
    fireEvent.click(pushButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API token was rejected: open the settings and check it.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Open settings' }));
    expect(openOptionsPage).toHaveBeenCalledOnce();
    expect(secret.value).toBe('keep me\nplease');
    expect((screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement).value).toBe('and me');

    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledTimes(2);
    expect(share.mock.calls[1]![0]).toMatchObject({ payload: 'keep me\nplease', passphrase: 'and me' });
  });

  it('puts 422 field messages next to their fields', async () => {
    share.mockResolvedValueOnce(fail({ kind: 'validation', status: 422, fields: { payload: ['must be a valid HTTP or HTTPS URL.'] } }));
    type(await openPopup(), 'not a url');
    fireEvent.click(pushButton());
    expect((await screen.findByRole('alert')).textContent).toContain('must be a valid HTTP or HTTPS URL.');
    const fieldError = document.getElementById('secret-error');
    expect(fieldError?.textContent).toBe('must be a valid HTTP or HTTPS URL.');
  });

  it('says when to retry after a rate limit', async () => {
    share.mockResolvedValueOnce(fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 90 }));
    type(await openPopup(), 'x');
    fireEvent.click(pushButton());
    expect((await screen.findByRole('alert')).textContent).toContain('try again in 2 min');
  });

  it('keeps Push disabled through a rate limit, counting down, and Ctrl+Enter sends nothing meanwhile', async () => {
    share.mockResolvedValueOnce(fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 3 }));
    const secret = await openPopup();
    type(secret, 'x');
    fireEvent.click(pushButton());
    await screen.findByText('You can try again in 3 s.', {}, { timeout: 3000 });
    expect((pushButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(secret, { key: 'Enter', ctrlKey: true });
    (document.querySelector('form') as HTMLFormElement).requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(share).toHaveBeenCalledOnce();
    await screen.findByText('You can try again now.', {}, { timeout: 4500 });
    await waitFor(() => expect((pushButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledTimes(2);
  }, 10_000);

  it('clears the secret and passphrase after success, and "Push another" starts empty', async () => {
    vi.mocked(getTargetTab).mockResolvedValue({ id: 7, url: 'https://intranet.example/' });
    vi.mocked(readSelection).mockResolvedValue('from the page');
    await openPopup();
    await openOptions();
    type(screen.getByLabelText('Passphrase', { selector: 'input' }), 'pp');
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    // The link takes the form's place, and the form behind it holds nothing of the push.
    expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull();
    const passphrase = screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement;
    expect(passphrase.closest('[hidden]')).not.toBeNull();
    expect([passphrase.value, (document.getElementById('secret') as HTMLTextAreaElement).value]).toEqual(['', '']);
    expect(document.body.innerHTML).not.toContain('from the page');
    expect(document.body.innerHTML).not.toContain('"pp"');

    // The passphrase was never shown or copied from the link view: "Push another" asks first.
    fireEvent.click(screen.getByRole('button', { name: 'Push another' }));
    fireEvent.click(screen.getByRole('button', { name: 'Push another anyway' }));
    const secret = (await screen.findByRole('textbox', { name: 'Secret' })) as HTMLTextAreaElement;
    expect(secret.value).toBe('');
    await openOptions();
    expect((screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement).value).toBe('');
  });

  it('generates a passphrase', async () => {
    await openPopup();
    await openOptions();
    const passphrase = screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(passphrase.value).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/));
    const first = passphrase.value;
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(passphrase.value).not.toBe(first));
  });

  it('offers File with a "Files" input only when the instance enables files and a token is set', async () => {
    installFakeWorker();
    vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo({ fileAttachments: { enabled: true, requiresAuthentication: true } })));
    await openPopup();
    fireEvent.click(await screen.findByRole('radio', { name: 'File' }));
    const files = screen.getByLabelText('Files') as HTMLInputElement;
    const file = new File(['key'], 'id_ed25519');
    fireEvent.change(files, { target: { files: [file] } });
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    // Handed to the background's worker beside the push message: the same file.
    const [sent] = share.mock.calls[0]!;
    expect(sent.kind).toBe('file');
    expect(await Promise.all((sent.files ?? []).map(async (made) => [made.name, await made.text()]))).toEqual([['id_ed25519', 'key']]);
  });

  it('says so when the push was found after its create got no answer in time', async () => {
    share.mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL, recovered: true }));
    type(await openPopup(), 'secret');
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    screen.getByText(/No clear answer came, but Pushgate found the push on your instance/);
  });

  it('a file push shows that it is on its way with "Cancel upload", which aborts it and says so', async () => {
    installFakeWorker();
    vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo({ fileAttachments: { enabled: true, requiresAuthentication: true } })));
    share.mockImplementation(async (_request, deps) => {
      await new Promise((resolve) => deps?.upload?.signal?.addEventListener('abort', resolve));
      return fail({ kind: 'cancelled', attemptId: deps!.attemptId!, looked: 'not-found' });
    });
    await openPopup();
    fireEvent.click(await screen.findByRole('radio', { name: 'File' }));
    fireEvent.change(screen.getByLabelText('Files'), { target: { files: [new File([new Uint8Array(4 * 1024 * 1024)], 'image.iso')] } });
    fireEvent.click(pushButton());
    // The views load on this first push (docs/performance.md, rule 1): slow on a loaded machine.
    const progress = (await screen.findByRole('progressbar', { name: 'Uploading' }, { timeout: 5_000 })) as HTMLProgressElement;
    // No value: fetch reports no upload progress (and XMLHttpRequest, which would, follows redirects).
    expect(progress.hasAttribute('value')).toBe(false);
    screen.getByText('Sending 4.0 MB. The instance answers once all of it has arrived.');
    // The background has the file, whole, from its worker's message.
    await waitFor(() => expect(share).toHaveBeenCalledOnce(), { timeout: 5_000 });
    const [sent, deps] = share.mock.calls[0]!;
    expect(sent.files?.map((file) => [file.name, file.size])).toEqual([['image.iso', 4 * 1024 * 1024]]);
    expect(deps?.upload?.signal).toBeInstanceOf(AbortSignal);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    await screen.findByText('Upload cancelled: nothing was pushed.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the File kind without a token as not available, and says it needs an API token', async () => {
    await configure('');
    vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo({ fileAttachments: { enabled: true, requiresAuthentication: true } })));
    await openPopup();
    const file = (await screen.findByRole('radio', { name: /^File/ })) as HTMLInputElement;
    expect(file.disabled).toBe(true);
    expect(screen.getByText('needs an API token')).toBeTruthy();
    expect(file.getAttribute('aria-describedby')).toBe('file-needs-token');
    expect(screen.getByLabelText('Files').closest('[hidden]')).not.toBeNull();
  });

  it('offers no File kind when the instance disables files, even with a token', async () => {
    await openPopup();
    await screen.findByRole('radio', { name: 'QR code' });
    expect(screen.queryByRole('radio', { name: 'File' })).toBeNull();
  });
});

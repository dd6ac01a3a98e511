import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { getCapabilities } from '@/lib/share/capabilities';
import { readSelection } from '@/lib/share/selection';
import { sharePush } from '@/lib/share/share-push';
import { getTargetTab } from '@/lib/browser/target-tab';
import { fail, ok } from '@/lib/result';
import { configure, createdPush, BASE_URL, openPopupPage, stubClipboard, versionInfo } from './fixtures';

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
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });
const retrievalStep = () => screen.getByRole('checkbox', { name: 'Retrieval step' }) as HTMLInputElement;
const languageSelect = () => screen.getByRole('combobox', { name: "Recipient's language" }) as HTMLSelectElement;
const emailTo = () => screen.queryByRole('textbox', { name: 'E-mail the link to' }) as HTMLInputElement | null;

async function openPopup() {
  await openPopupPage();
  return screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement;
}
function openOptions() {
  fireEvent.click(screen.getByText('Options', { selector: 'summary' }));
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
  share.mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL }));
  stubClipboard();
});

describe("a chat app's tab", () => {
  beforeEach(() => configure('api-token', { retrievalStep: false }));

  it('warns when the answer says the push has no retrieval step: the instance switched it off for the kind', async () => {
    vi.mocked(getTargetTab).mockResolvedValue({ id: 7, url: 'https://app.slack.com/client/T1/C2' });
    share.mockResolvedValue(ok({ push: createdPush({ retrievalStep: false }), baseUrl: BASE_URL, retrievalStepRefused: true }));
    const secret = await openPopup();
    await screen.findByText("Retrieval step on: Slack's link preview would open the link and use a view.");
    type(secret, 'hunter2');
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![0].retrievalStep).toBe(true);
    const warning = await screen.findByText(/^Your instance has the retrieval step switched off for this kind of push/);
    expect(warning.closest('[role="alert"]')).not.toBeNull();
  });

  it('turns the retrieval step on for the push and says why; Turn off turns it off', async () => {
    vi.mocked(getTargetTab).mockResolvedValue({ id: 7, url: 'https://app.slack.com/client/T1/C2' });
    const secret = await openPopup();
    const line = await screen.findByText("Retrieval step on: Slack's link preview would open the link and use a view.");
    expect(retrievalStep().checked).toBe(true);

    type(secret, 'hunter2');
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![0].retrievalStep).toBe(true);

    // Push another, from the same tab: the step is on again; turned off, the push goes without it.
    fireEvent.click(screen.getByRole('button', { name: 'Push another' }));
    await waitFor(() => expect(retrievalStep().checked).toBe(true));
    expect(line.closest('p')!.hidden).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(retrievalStep().checked).toBe(false);
    expect(line.closest('p')!.hidden).toBe(true);
    type(screen.getByRole('textbox', { name: 'Secret' }), 'hunter3');
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
    expect(share.mock.calls[1]![0].retrievalStep).toBe(false);
  });

  it('leaves the saved default on any other page, with no line', async () => {
    vi.mocked(getTargetTab).mockResolvedValue({ id: 7, url: 'https://intranet.example/' });
    await openPopup();
    await waitFor(() => expect(vi.mocked(getTargetTab)).toHaveBeenCalled());
    expect(retrievalStep().checked).toBe(false);
    expect(screen.queryByText(/Retrieval step on/)).toBeNull();
  });
});

describe("the recipient's language", () => {
  it('starts from the saved default and sends the choice made for this push', async () => {
    await configure('api-token', { recipientLocale: 'sv' });
    const secret = await openPopup();
    openOptions();
    expect(languageSelect().value).toBe('sv');
    fireEvent.change(languageSelect(), { target: { value: 'de' } });
    type(secret, 'hunter2');
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![0].recipientLocale).toBe('de');
  });
});

describe('E-mail the link to', () => {
  const withEmail = () => vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo({ emailAutoDispatch: true })));

  it('is offered when the instance sends e-mail and a token is set, and checks the addresses before sending', async () => {
    withEmail();
    await configure('api-token', { recipientLocale: 'sv' });
    const secret = await openPopup();
    openOptions();
    await waitFor(() => expect(emailTo()).not.toBeNull());
    type(secret, 'hunter2');
    type(emailTo()!, 'a@example.org, a@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText('a@example.org is given twice.');
    expect(share).not.toHaveBeenCalled();
    expect(emailTo()!.getAttribute('aria-invalid')).toBe('true');

    type(emailTo()!, 'a@example.org,b@example.org');
    // The create answer echoes the addresses: only then is the link said to be e-mailed.
    share.mockResolvedValue(ok({ push: createdPush({ emailedTo: 'a@example.org, b@example.org' }), baseUrl: BASE_URL }));
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[0]![0]).toMatchObject({ emailTo: 'a@example.org, b@example.org', emailLocale: 'sv' });
    expect(screen.getByText('Your instance e-mails the link to \u2068a@example.org, b@example.org\u2069.')).toBeTruthy();
  });

  it('says the link was not e-mailed when the answer does not echo the addresses (a release that dropped the fields)', async () => {
    withEmail();
    await configure('api-token');
    const secret = await openPopup();
    openOptions();
    await waitFor(() => expect(emailTo()).not.toBeNull());
    type(secret, 'hunter2');
    type(emailTo()!, 'a@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
    expect(screen.queryByText(/e-mails the link to/)).toBeNull();
    await screen.findByText(/^You asked for the link to be e-mailed, but your instance's answer does not say it will send it/);
  });

  it("lists Password Pusher's languages for the e-mail once the options are open, whenever the instance answers", async () => {
    const emailLanguage = () => screen.getByLabelText('Language of the e-mail', { selector: 'select' }) as HTMLSelectElement;
    withEmail();
    await configure();
    await openPopup();
    await waitFor(() => expect(emailTo()).not.toBeNull());
    expect(emailLanguage().options).toHaveLength(1);
    openOptions();
    await waitFor(() => expect(emailLanguage().options.length).toBeGreaterThan(30));
    expect([...emailLanguage().options].map((option) => option.value)).toContain('sv');

    // The options opened before the instance said it sends e-mail.
    document.querySelector('#app')?.remove();
    let answer: (info: ReturnType<typeof versionInfo>) => void = () => undefined;
    vi.mocked(getCapabilities).mockReturnValue(new Promise((resolve) => (answer = (info) => resolve(ok(info)))));
    await configure();
    await openPopup();
    openOptions();
    answer(versionInfo({ emailAutoDispatch: true }));
    await waitFor(() => expect(emailLanguage().options.length).toBeGreaterThan(30));
  });

  it("shows the instance's 422 at the field", async () => {
    withEmail();
    await configure();
    share.mockResolvedValue(fail({ kind: 'validation', status: 422, fields: { notify_emails_to: ['contains invalid email(s)'] } }));
    const secret = await openPopup();
    openOptions();
    await waitFor(() => expect(emailTo()).not.toBeNull());
    type(secret, 'hunter2');
    type(emailTo()!, 'a@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await waitFor(() => expect(emailTo()!.getAttribute('aria-invalid')).toBe('true'));
    const described = emailTo()!.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('contains invalid email(s)');
  });

  it('is absent without the feature, and without a token', async () => {
    await configure();
    await openPopup();
    openOptions();
    await waitFor(() => expect(vi.mocked(getCapabilities)).toHaveBeenCalled());
    expect(emailTo()).toBeNull();

    document.querySelector('#app')?.remove();
    withEmail();
    await configure('');
    await openPopup();
    openOptions();
    await waitFor(() => expect(vi.mocked(getCapabilities)).toHaveBeenCalledTimes(2));
    expect(emailTo()).toBeNull();
  });
});

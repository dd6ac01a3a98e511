import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCapabilities } from '@/lib/share/capabilities';
import { readSelection } from '@/lib/share/selection';
import { sharePush } from '@/lib/share/share-push';
import { getTargetTab } from '@/lib/browser/target-tab';
import { fail, ok } from '@/lib/result';
import { BASE_URL, configure, createdPush, openPopupPage, stubClipboard, versionInfo } from './fixtures';

// No request leaves for a real network: the instance is a small fake behind fetch (test/support/fake-pwpush.ts).
installFakePwpush();

// A push whose outcome is unknown, in the popup (docs/exactly-once.md): never "not pushed".
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
const pushButton = () => screen.getByRole('button', { name: 'Push' });
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });

async function pushSecret(secret = 'db password') {
  if (!screen.queryByRole('textbox', { name: 'Secret' })) await openPopupPage();
  type(screen.getByRole('textbox', { name: 'Secret' }), secret);
  fireEvent.click(pushButton());
}

beforeEach(async () => {
  vi.resetAllMocks();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
  stubClipboard();
  await configure();
});

describe('a push that may have been created', () => {
  it('says so, never "not pushed", with the Pushes page a click away', async () => {
    share.mockResolvedValue(fail({ kind: 'maybe-created', attemptId: 'a1', looked: 'not-found' }));
    const openTab = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue(undefined as never);
    await pushSecret();
    const note = await screen.findByRole('alert');
    expect(note.textContent).toMatch(/^No clear answer came\. The push may have been saved all the same\..*did not find it/);
    expect(note.textContent).not.toMatch(/not pushed|try again/i);
    fireEvent.click(screen.getByRole('button', { name: 'Open the Pushes page' }));
    expect(openTab).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/pushes.html') });
  });

  it('says what came first (a 500), ends "Pushing…" with the push, and keeps the input when the looks fail too', async () => {
    let answer!: () => void;
    let looking!: () => void;
    share.mockImplementation(async (_request, deps) => {
      // The create takes a while (so "Pushing…" shows), then the instance answers 500 and the look begins.
      await new Promise<void>((resolve) => (looking = resolve));
      deps?.onLooking?.({ kind: 'server', status: 500 });
      await new Promise<void>((resolve) => (answer = resolve));
      return fail({ kind: 'maybe-created', attemptId: deps!.attemptId!, looked: 'unchecked', cause: { kind: 'server', status: 500 } });
    });
    await pushSecret('keep me');
    await waitFor(() => expect(screen.queryAllByText('Pushing…').filter((element) => !element.closest('[hidden]'))).not.toEqual([]));
    looking();
    const status = await screen.findByText(/looking for it on your instance/);
    expect(status.textContent).toMatch(/^Your instance answered with an error \(500\)\. The push may have been saved all the same/);
    expect(screen.queryAllByText('Pushing…').filter((element) => !element.closest('[hidden]'))).toEqual([]);
    expect(pushButton()).toHaveProperty('disabled', true);
    answer();
    const note = await screen.findByText(/could not check/);
    expect(note.textContent).toMatch(/^Your instance answered with an error \(500\)\..*instance's own site/);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Secret' }).value).toBe('keep me');
    expect(pushButton()).toHaveProperty('disabled', false);
  });

  it('pushed again with the same form, looks for the first try before anything is sent', async () => {
    share.mockResolvedValueOnce(fail({ kind: 'maybe-created', attemptId: 'first', looked: 'not-found' }));
    share.mockResolvedValueOnce(ok({ push: createdPush(), baseUrl: BASE_URL, recovered: true }));
    await pushSecret();
    await screen.findByRole('alert');
    fireEvent.click(pushButton());
    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledTimes(2);
    expect(share.mock.calls[1]![1]).toMatchObject({ earlier: { attemptId: 'first', startedAt: expect.any(Number) } });
    expect(share.mock.calls[1]![1]!.attemptId).not.toBe('first');
  });

  it('pushed with other values, is a new push: the first try stays for the Pushes page', async () => {
    share.mockResolvedValueOnce(fail({ kind: 'maybe-created', attemptId: 'first', looked: 'not-found' }));
    share.mockResolvedValueOnce(ok({ push: createdPush(), baseUrl: BASE_URL }));
    await pushSecret('one secret');
    await screen.findByRole('alert');
    await pushSecret('another secret');
    await screen.findByText(createdPush().htmlUrl);
    expect(share.mock.calls[1]![1]!.earlier).toBeUndefined();
  });

  it('without a token, asks once before pushing the same again, then pushes', async () => {
    await configure('');
    share.mockResolvedValueOnce(fail({ kind: 'maybe-created', attemptId: 'first', looked: 'no-token' }));
    share.mockResolvedValueOnce(ok({ push: createdPush(), baseUrl: BASE_URL }));
    await pushSecret();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Without an API token Pushgate cannot look/);
    fireEvent.click(pushButton());
    await screen.findByText(/The first try may have created a push.*Push again anyway/);
    expect(share).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Push again' }));
    await screen.findByText(createdPush().htmlUrl);
    expect(share).toHaveBeenCalledTimes(2);
    expect(share.mock.calls[1]![1]).toMatchObject({ earlier: { attemptId: 'first' } });
  });
});

describe('the link view', () => {
  it('says when the network sent the push twice and Pushgate expired the copy, learned after the link showed', async () => {
    share.mockImplementation(async (_request, deps) => {
      const shared = { push: createdPush(), baseUrl: BASE_URL };
      deps?.onAnswer?.(shared);
      setTimeout(() => deps?.onCopiesChecked?.(1), 20);
      return ok(shared);
    });
    await pushSecret();
    await screen.findByText(createdPush().htmlUrl);
    await screen.findByText('The network sent the push twice; Pushgate expired the extra copy.');
  });

  it('says that another identical push exists when the look found one made by another request, and expired none', async () => {
    share.mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL, recovered: true, identicalLeft: 1 }));
    await pushSecret();
    await screen.findByText(createdPush().htmlUrl);
    const alert = await screen.findByText(/Your instance holds another push with the same secret and settings/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByText(/expired the extra copy/)).toBeNull();
  });

  it('warns when the history could not keep the push: never silent', async () => {
    share.mockImplementation(async (_request, deps) => {
      deps?.onCopiesChecked?.(0);
      return ok({ push: createdPush(), baseUrl: BASE_URL, historyNotKept: true });
    });
    await pushSecret();
    await screen.findByText(createdPush().htmlUrl);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not be kept in this browser's list of pushes/));
  });
});

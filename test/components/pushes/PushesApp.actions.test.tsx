import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { listHistory } from '@/lib/history/entries';
import { fail, ok } from '@/lib/result';
import { answerListsEmpty, BASE_URL, configure, makePage, makePush, seedHistory, stubClipboard, pwpush } from './fixtures';
import { isolated } from '@/test/support/isolated';

const { activePushes, expiredPushes, expirePush, previewUrl } = pwpush;

const expire = expirePush;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const panel = () => screen.getByRole('tabpanel');
const rowOf = (name: string) => within(panel()).getByText(name).closest('tr') as HTMLElement;
const button = (row: HTMLElement, name: string) => within(row).getByRole('button', { name });
const historyEntry = async (urlToken: string) => {
  const entries = await listHistory();
  return entries.ok ? entries.value.find((entry) => entry.urlToken === urlToken) : undefined;
};

describe('Copy link', () => {
  it('copies the recorded link of a history row and says so', async () => {
    await configure();
    const writeText = stubClipboard();
    await seedHistory([makePush({ urlToken: 'copyme1', name: 'Copy me', createdAt: new Date().toISOString() })]);
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('Copy me')), 'Copy link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${BASE_URL}/p/copyme1/r`));
    const status = await screen.findByText(`Link of “${isolated('Copy me')}” copied.`);
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(previewUrl).not.toHaveBeenCalled();
  });

  it('asks the preview endpoint for a row without its link', async () => {
    await configure();
    const writeText = stubClipboard();
    // The server always lists a push with its link: a row without one is an entry of this browser's.
    await seedHistory([makePush({ urlToken: 'nolink1', name: 'No link', htmlUrl: '', createdAt: new Date().toISOString() })]);
    previewUrl.mockResolvedValue(ok(`${BASE_URL}/p/nolink1/r`));
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('No link')), 'Copy link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${BASE_URL}/p/nolink1/r`));
    expect(previewUrl).toHaveBeenCalledWith({ baseUrl: BASE_URL, token: 'api-token' }, 'nolink1');
  });

  it('says when the push behind a row without its link is gone', async () => {
    await configure();
    const writeText = stubClipboard();
    // Pushed from this browser a moment ago, deleted on the instance since.
    await seedHistory([makePush({ name: 'Purged', htmlUrl: '', createdAt: new Date().toISOString() })]);
    previewUrl.mockResolvedValue(fail({ kind: 'not-found', status: 404 }));
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('Purged')), 'Copy link'));
    expect((await within(panel()).findByRole('alert')).textContent).toMatch('This push no longer exists on the instance.');
    expect(writeText).not.toHaveBeenCalled();
  });

  it.each([
    ['a preview url', '', 'data:text/html,<script>alert(1)</script>'],
    ['a list link', 'javascript:alert(1)', undefined],
  ])('refuses to copy %s that is not the instance own http(s) link, naming it', async (_, htmlUrl, preview) => {
    await configure();
    const writeText = stubClipboard();
    const hostile = makePush({ urlToken: 'hostile1', name: 'Hostile', htmlUrl, createdAt: new Date().toISOString() });
    // A row without its link is an entry of this browser's; the server lists every push with one.
    if (preview) {
      await seedHistory([hostile]);
      previewUrl.mockResolvedValue(ok(preview));
    } else activePushes.mockResolvedValue(ok(makePage([hostile])));
    render(<PushesApp />);
    if (!preview) fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    fireEvent.click(button(await waitFor(() => rowOf('Hostile')), 'Copy link'));
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toContain('does not trust');
    expect(alert.textContent).toContain(preview ?? htmlUrl);
    expect(writeText).not.toHaveBeenCalled();
  });

  it.each([
    ['listed as expired by the server', 'Expired', { expired: true }],
    ['listed with its last view used', 'Expired', { viewsRemaining: 0 }],
    ['in this browser, its days run out', 'This browser', { createdAt: '2020-01-01T00:00:00Z', expireAfterDays: 1, daysRemaining: 1 }],
  ])('is not offered for a push known to be over: %s', async (_, tab, state) => {
    await configure();
    const over = makePush({ urlToken: 'over1', name: 'Over', ...state });
    if (tab === 'Expired') expiredPushes.mockResolvedValue(ok(makePage([over])));
    else await seedHistory([over]);
    render(<PushesApp />);
    if (tab === 'Expired') fireEvent.click(await screen.findByRole('tab', { name: 'Expired' }));
    const row = await waitFor(() => rowOf('Over'));
    expect(within(row).getByRole('button', { name: 'Audit log' })).toBeDefined();
    expect(within(row).queryByRole('button', { name: 'Copy link' })).toBeNull();
  });

  it('says when the clipboard refuses', async () => {
    await configure();
    stubClipboard(async () => {
      throw new Error('denied');
    });
    await seedHistory([makePush({ name: 'Copy me', createdAt: new Date().toISOString() })]);
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('Copy me')), 'Copy link'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be copied/);
  });
});

describe('Expire', () => {
  it('asks first in a modal dialog that says it cannot be undone; Cancel sends nothing and returns the focus', async () => {
    await configure();
    const push = makePush({ name: 'Keep me', createdAt: new Date().toISOString() });
    await seedHistory([push]);
    activePushes.mockResolvedValue(ok(makePage([push])));
    render(<PushesApp />);
    const expireButton = button(await waitFor(() => rowOf('Keep me')), 'Expire');
    expireButton.focus();
    fireEvent.click(expireButton);

    const dialog = await screen.findByRole('dialog', { name: 'Expire this push?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.textContent).toMatch(
      `“${isolated('Keep me')}” stops working at once: nobody can open it any more. This cannot be undone.`,
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(expireButton);
    expect(expire).not.toHaveBeenCalled();
    expect(rowOf('Keep me').textContent).toMatch('Not opened yet');
  });

  it('Escape cancels too', async () => {
    await configure();
    await seedHistory([makePush({ name: 'Keep me' })]);
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('Keep me')), 'Expire'));
    const dialog = await screen.findByRole('dialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(expire).not.toHaveBeenCalled();
  });

  it('expires a history row on confirmation: the row and the history say expired', async () => {
    await configure();
    const push = makePush({ urlToken: 'burnme1', name: 'Burn me' });
    await seedHistory([push]);
    expire.mockResolvedValue(ok({ ...push, expired: true, expiredOn: '2026-08-22T08:00:00.000Z', name: undefined, note: undefined }));
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('Burn me')), 'Expire'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));

    await screen.findByText(`“${isolated('Burn me')}” has expired.`);
    expect(expire).toHaveBeenCalledWith({ baseUrl: BASE_URL, token: 'api-token' }, 'burnme1');
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = rowOf('Burn me');
    expect(row.textContent).toMatch(/Expired /);
    expect(within(row).queryByRole('button', { name: 'Expire' })).toBeNull();
    expect(document.activeElement).toBe(panel());
    expect(await historyEntry('burnme1')).toMatchObject({ expired: true, expiredAt: '2026-08-22T08:00:00.000Z', name: 'Burn me' });
  });

  it('on the Active tab the expired push moves out, and the Expired tab loads again when shown', async () => {
    await configure();
    const doomed = makePush({ urlToken: 'doomed1', name: 'Doomed' });
    activePushes.mockResolvedValue(ok(makePage([doomed, makePush({ name: 'Staying' })])));
    expiredPushes.mockResolvedValue(ok(makePage([])));
    expire.mockResolvedValue(ok({ ...doomed, expired: true, expiredOn: '2026-08-22T08:00:00.000Z' }));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Expired' }));
    await screen.findByText('Your account has no expired pushes.');
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    fireEvent.click(button(await waitFor(() => rowOf('Doomed')), 'Expire'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));

    await screen.findByText(`“${isolated('Doomed')}” has expired.`);
    expect(within(panel()).queryByText('Doomed')).toBeNull();
    within(panel()).getByText('Staying');
    expect(expiredPushes).toHaveBeenCalledTimes(1);
    expiredPushes.mockResolvedValue(ok(makePage([{ ...doomed, expired: true }])));
    fireEvent.click(screen.getByRole('tab', { name: 'Expired' }));
    await waitFor(() => within(panel()).getByText('Doomed'));
    expect(expiredPushes).toHaveBeenCalledTimes(2);
  });

  it('without pagination headers (2.11.4) a full page keeps offering the next one after a row moves out', async () => {
    await configure();
    const doomed = makePush({ urlToken: 'doomed1', name: 'Doomed' });
    const others = Array.from({ length: 49 }, (_, i) => makePush({ urlToken: `other${i}`, name: `Other ${i}` }));
    activePushes.mockResolvedValue(ok(makePage([doomed, ...others])));
    expire.mockResolvedValue(ok({ ...doomed, expired: true, expiredOn: '2026-08-22T08:00:00.000Z' }));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    fireEvent.click(button(await waitFor(() => rowOf('Doomed')), 'Expire'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));

    await screen.findByText(`“${isolated('Doomed')}” has expired.`);
    expect(within(panel()).queryByText('Doomed')).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('false');
  });

  it('without a token: offered for a push deletable by viewers (sent without a token), not for others', async () => {
    await configure('');
    const open = makePush({ urlToken: 'open1', name: 'Deletable', deletableByViewer: true });
    await seedHistory([
      open,
      makePush({ name: 'Locked', deletableByViewer: false }),
      { ...makePush({ name: 'A URL', deletableByViewer: null }), kind: 'url' },
    ]);
    expire.mockResolvedValue(ok({ ...open, expired: true }));
    render(<PushesApp />);
    await waitFor(() => rowOf('Locked'));
    expect(within(rowOf('Locked')).queryByRole('button', { name: 'Expire' })).toBeNull();
    expect(within(rowOf('A URL')).queryByRole('button', { name: 'Expire' })).toBeNull();
    fireEvent.click(button(rowOf('Deletable'), 'Expire'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));
    await screen.findByText(`“${isolated('Deletable')}” has expired.`);
    expect(expire).toHaveBeenCalledWith({ baseUrl: BASE_URL }, 'open1');
    expect(await historyEntry('open1')).toMatchObject({ expired: true });
  });

  it('never sends the token to another instance', async () => {
    await configure();
    const elsewhere = makePush({ urlToken: 'far1', name: 'Far away', deletableByViewer: true });
    await seedHistory([elsewhere], 'https://old.example');
    expire.mockResolvedValue(ok({ ...elsewhere, expired: true }));
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('Far away')), 'Expire'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));
    await screen.findByText(`“${isolated('Far away')}” has expired.`);
    expect(expire).toHaveBeenCalledWith({ baseUrl: 'https://old.example' }, 'far1');
  });

  it('a refusal (401: not the owner) says so, keeps the row active and returns the focus', async () => {
    await configure('someone-else');
    await seedHistory([makePush({ name: 'Not yours', deletableByViewer: false, createdAt: new Date().toISOString() })]);
    expire.mockResolvedValue(fail({ kind: 'unauthorized', status: 401, serverMessage: 'That push is not deletable by viewers.' }));
    render(<PushesApp />);
    const expireButton = button(await waitFor(() => rowOf('Not yours')), 'Expire');
    fireEvent.click(expireButton);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toMatch('Only the owner of this push can expire it: check the API token in the settings.');
    within(alert).getByRole('button', { name: 'Open settings' });
    // Another account's token: its lists do not hold the push, and the row says so.
    expect(rowOf('Not yours').textContent).toMatch("Cannot be checkedNot in the account's lists");
    expect(document.activeElement).toBe(expireButton);
  });

  it('a purged push (404) is said to be gone and shown expired', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'gone1', name: 'Gone' })]);
    expire.mockResolvedValue(fail({ kind: 'not-found', status: 404 }));
    render(<PushesApp />);
    fireEvent.click(button(await waitFor(() => rowOf('Gone')), 'Expire'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));
    expect((await within(panel()).findByRole('alert')).textContent).toMatch('This push no longer exists on the instance.');
    expect(rowOf('Gone').textContent).toMatch('Expired');
    expect(await historyEntry('gone1')).toMatchObject({ expired: true });
  });
});

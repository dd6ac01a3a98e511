import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { ok } from '@/lib/result';
import { answerListsEmpty, configure, makePush, seedHistory, stubClipboard, pwpush } from './fixtures';
import { isolated } from '@/test/support/isolated';

const { expirePush } = pwpush;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const panel = () => screen.getByRole('tabpanel');
const rowOf = (name: RegExp | string) => within(panel()).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('the pushes table at any width', () => {
  it('labels every cell for the card layout and keeps a token whole, with its full value on hover and focus', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'k3xq9w0lz2mfa', name: 'Router' })]);
    render(<PushesApp />);
    const row = await waitFor(() => rowOf(/^Router/));
    const labels = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual([
      'Note',
      'Kind',
      'Created',
      'Days left',
      'Views left',
      'Deletable by viewer',
      'Retrieval step',
      'State',
      'Actions',
    ]);
    const token = within(row).getByText('Token k3xq9w0lz2mfa');
    expect(token.getAttribute('title')).toBe('k3xq9w0lz2mfa');
    expect(token.tabIndex).toBe(0);
  });
});

describe('the expire dialog', () => {
  it('names an unnamed push by its created time and token start, with "Expire" as the destructive primary button', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'k3xq9w0lz2mfa', name: '' })]);
    render(<PushesApp />);
    const row = await waitFor(() => rowOf(/^Your text push of /));
    fireEvent.click(within(row).getByRole('button', { name: 'Expire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expire this push?' });
    const created = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-08-21T10:15:30.123Z'),
    );
    expect(dialog.textContent).toMatch(`“The push of ${created}, token ${isolated('k3xq9w')}…” stops working at once`);
    expect(within(dialog).getByRole('button', { name: 'Expire' }).className).toMatch(/\bprimary\b.*\bdanger\b|\bdanger\b.*\bprimary\b/);
  });
});

describe('action results', () => {
  it('show as their own visible status, apart from the filter count', async () => {
    await configure();
    stubClipboard();
    const push = makePush({ name: 'Burn me' });
    await seedHistory([push, makePush({ name: 'Other' })]);
    expirePush.mockResolvedValue(ok({ ...push, expired: true, name: undefined, note: undefined }));
    render(<PushesApp />);
    fireEvent.click(within(await waitFor(() => rowOf(/^Burn me/))).getByRole('button', { name: 'Expire' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));
    const done = await screen.findByText(`“${isolated('Burn me')}” has expired.`);
    fireEvent.input(screen.getByRole('searchbox', { name: 'Filter' }), { target: { value: 'burn' } });
    const count = await screen.findByText('1 of 2 pushes in this browser match “burn”.');
    expect(done.getAttribute('role')).toBe('status');
    expect(count.getAttribute('role')).toBe('status');
    expect(done).not.toBe(count);
    expect(done.className).toMatch(/\bnote\b/);
  });
});

describe('unnamed pushes told apart', () => {
  it('a file push by its file names, any other by its kind and when it was made', async () => {
    await configure();
    await seedHistory([
      { ...makePush({ urlToken: 'f1lepush0001', name: '' }), kind: 'file', fileNames: ['payroll.xlsx', 'keys.txt'] },
      { ...makePush({ urlToken: 'urlpush00001', name: '' }), kind: 'url' },
      makePush({ urlToken: 'textpush0001', name: '' }),
    ]);
    render(<PushesApp />);
    await waitFor(() => rowOf(/^payroll\.xlsx, keys\.txt/));
    expect(rowOf(/^Your URL push of /)).toBeTruthy();
    expect(rowOf(/^Your text push of /)).toBeTruthy();
  });
});

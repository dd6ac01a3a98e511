import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { ok } from '@/lib/result';
import { answerListsEmpty, audit, BASE_URL, configure, makePage, makePush, seedHistory, pwpush } from './fixtures';
import { isolated } from '@/test/support/isolated';

const { activePushes, auditLog } = pwpush;

const readAudit = auditLog;

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const localTime = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

async function openAuditOf(name: string): Promise<HTMLElement> {
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  const opener = within(row).getByRole('button', { name: 'Audit log' });
  fireEvent.click(opener);
  return opener;
}

const eventRows = () =>
  within(screen.getByRole('table', { name: /Audit log of/ }))
    .getAllByRole('row')
    .slice(1);

describe('the audit log', () => {
  it('shows every event in plain words with local time, who opened it, IP, user agent and referrer', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'audited1', name: 'Audited' })]);
    readAudit.mockResolvedValue(
      ok(
        makePage([
          audit('creation', { createdAt: '2026-08-21T10:15:30.123Z' }),
          audit('view', { ip: '198.51.100.2', userAgent: 'curl/8.5.0', referrer: 'https://chat.example/room' }),
          audit('failed_passphrase'),
          audit('owner_view'),
          audit('admin_view'),
          audit('edit'),
          audit('creation_email_send'),
          audit('expire'),
          audit('failed_view'),
          audit('teleported'),
        ]),
      ),
    );
    render(<PushesApp />);
    await openAuditOf('Audited');

    const heading = await screen.findByRole('heading', { name: `Audit log of “${isolated('Audited')}”` });
    expect(document.activeElement).toBe(heading);
    await waitFor(() => expect(eventRows()).toHaveLength(10));
    expect(readAudit).toHaveBeenCalledWith({ baseUrl: BASE_URL, token: 'api-token' }, 'audited1', 1);
    expect(eventRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Created',
      'Viewed',
      'Wrong passphrase entered',
      'Viewed by the owner',
      'Viewed by an administrator',
      'Edited',
      'Link e-mail, no status given',
      'Expired',
      'Viewed after it expired',
      'teleported',
    ]);
    const cells = (index: number) =>
      within(eventRows()[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(0)).toEqual([
      localTime('2026-08-21T10:15:30.123Z'),
      '',
      '203.0.113.7',
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      'none',
    ]);
    expect(cells(1)).toEqual([
      expect.any(String),
      'a browser or app we do not recognise',
      '198.51.100.2',
      'curl/8.5.0',
      'https://chat.example/room',
    ]);
    // The lists are out of the way while the log is shown.
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('"Back to the pushes" shows the lists again and puts the focus back on the row button', async () => {
    await configure();
    await seedHistory([makePush({ name: 'Audited' })]);
    readAudit.mockResolvedValue(ok(makePage([audit('creation')])));
    render(<PushesApp />);
    const opener = await openAuditOf('Audited');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the pushes' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    screen.getByRole('tablist');
    expect(screen.queryByRole('heading', { name: /Audit log of/ })).toBeNull();
  });

  it('pages 50 events at a time with the headers: "Page 1 of 2"', async () => {
    await configure();
    await seedHistory([makePush({ name: 'Busy' })]);
    readAudit.mockImplementation(async (_, __, page = 1) =>
      ok(makePage(page === 1 ? Array.from({ length: 50 }, () => audit('view')) : [audit('expire')], page, { total: 51, totalPages: 2 })),
    );
    render(<PushesApp />);
    await openAuditOf('Busy');
    await screen.findByText('Page 1 of 2');
    expect(eventRows()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 2');
    expect(eventRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Expired']);
    expect(readAudit).toHaveBeenLastCalledWith(expect.anything(), expect.any(String), 2);
  });

  it('pages without the headers: next after a full page; an empty page is past the end and offers previous', async () => {
    await configure();
    await seedHistory([makePush({ name: 'Busy' })]);
    readAudit.mockImplementation(async (_, __, page = 1) =>
      ok(makePage(page === 1 ? Array.from({ length: 50 }, () => audit('view')) : [], page)),
    );
    render(<PushesApp />);
    await openAuditOf('Busy');
    await screen.findByText('Page 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 is past the end of the list.');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(eventRows()).toHaveLength(50));
  });

  it('is reachable from the Active list too', async () => {
    await configure();
    activePushes.mockResolvedValue(ok(makePage([makePush({ urlToken: 'remote1', name: 'Remote' })])));
    readAudit.mockResolvedValue(ok(makePage([audit('creation')])));
    render(<PushesApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Active' }));
    await openAuditOf('Remote');
    await waitFor(() => expect(eventRows()).toHaveLength(1));
    expect(readAudit).toHaveBeenCalledWith(expect.anything(), 'remote1', 1);
  });
});

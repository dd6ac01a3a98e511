import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { ok } from '@/lib/result';
import { answerListsEmpty, audit, configure, makePage, makePush, seedHistory, pwpush } from './fixtures';
import { isolated } from '@/test/support/isolated';

/**
 * The audit's `creation_email_send` is logged when the push is made, before anything is sent: its
 * `notify_by_email.status` says what became of the e-mail (docs/password-pusher.md#notify-emails).
 * Each is said as the server gives it, never "sent" for all of them.
 */

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

const email = (status: string | undefined, errorMessage?: string) =>
  audit('creation_email_send', { email: { ...(status !== undefined && { status }), ...(errorMessage && { errorMessage }) } });

const eventRows = () =>
  within(screen.getByRole('table', { name: /Audit log of/ }))
    .getAllByRole('row')
    .slice(1);

describe("the link e-mail's status in the audit log", () => {
  it('says each status as the server gives it, with its error message as the server wrote it', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'emailed1', name: 'Emailed' })]);
    const hostile = `\u202Egnp.exe ${'x'.repeat(400)}`;
    pwpush.auditLog.mockResolvedValue(
      ok(
        makePage([
          email('pending'),
          email('processing'),
          email('completed'),
          email('partially_failed', 'b@example.org: 550 mailbox unavailable'),
          email('failed', hostile),
          email('bounced'),
          email(undefined),
        ]),
      ),
    );
    render(<PushesApp />);
    const row = (await screen.findByText('Emailed')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Audit log' }));
    await waitFor(() => expect(eventRows()).toHaveLength(7));
    const said = eventRows().map((event) => within(event).getByRole('rowheader').textContent);
    expect(said).toEqual([
      'Link e-mail waiting to be sent',
      'Link e-mail being sent',
      'Link e-mail sent',
      `Link e-mail sent to some recipients only The server said: “${isolated('b@example.org: 550 mailbox unavailable')}”`,
      expect.stringMatching(/^Link e-mail not sent The server said: “\u2068\u202Egnp\.exe x+…\u2069”$/),
      `Link e-mail, status “${isolated('bounced')}”`,
      'Link e-mail, no status given',
    ]);
    // The server's error text is cut short and isolated, as every other server string.
    expect(Array.from(said[4]!).length).toBeLessThan(260);
    expect(said.some((text) => text === 'Notification email sent')).toBe(false);
  });
});

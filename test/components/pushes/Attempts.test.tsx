import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { beginAttempt, describeAttempt, forgetAttempt, listAttempts } from '@/lib/attempts/attempts';
import { keptForm } from '@/lib/attempts/kept-form';
import { parsePushList } from '@/lib/pwpush/parse';
import { ok } from '@/lib/result';
import { answerAttemptMessages } from '@/lib/attempts/review';
import { deliverMessagesFrom } from '@/test/support/extension-messages';
import { pushRecord } from '@/test/support/pwpush-fixtures';
import { answerListsEmpty, BASE_URL, configure, makePage, pwpush } from './fixtures';

const { activePushes } = pwpush;

const STARTED = Date.now() - 60_000;
const asked = {
  kind: 'text' as const,
  payload: 'the secret',
  passphrase: 'open sesame',
  expireAfterDays: 2,
  expireAfterViews: 1,
  name: 'db',
};

beforeEach(async () => {
  vi.resetAllMocks();
  answerListsEmpty();
  answerAttemptMessages();
  deliverMessagesFrom('/pushes.html');
  await beginAttempt(describeAttempt('a1', BASE_URL, asked, 'oss', STARTED));
});

const section = () => screen.getByRole('region', { name: 'Pushes that may have been made' });

describe('the tries whose push may exist, on the Pushes page', () => {
  it('are listed at the top with when and what was asked, never the secret; one a stopped worker left is unknown', async () => {
    await configure();
    render(<PushesApp />);
    const item = await within(await screen.findByRole('region', { name: 'Pushes that may have been made' })).findByRole('listitem');
    expect(item.textContent).toMatch(/Text push sent .* to pwpush\.example/);
    expect(item.textContent).toMatch(/Name: db · Expires after 2 days or 1 views · With a passphrase/);
    expect(item.textContent).toMatch(/No answer said what became of it: it may have been created\./);
    expect(item.textContent).not.toMatch(/the secret|open sesame/);
  });

  it('kept while the history was off: says its name and note were not kept, and shows no text of them', async () => {
    await forgetAttempt('a1');
    await beginAttempt(await keptForm(describeAttempt('a2', BASE_URL, { ...asked, note: 'for Kim' }, 'oss', STARTED), false));
    await configure();
    render(<PushesApp />);
    const item = await within(await screen.findByRole('region', { name: 'Pushes that may have been made' })).findByRole('listitem');
    expect(item.textContent).toMatch(
      /Expires after 2 days or 1 views · With a passphrase · Name, note and file names not kept: the history is off/,
    );
    expect(item.textContent).not.toMatch(/db|Kim/);
  });

  it('"Look again" shows a push that may be yours, with what is known, and never claims it', async () => {
    await configure();
    const listed = parsePushList([
      pushRecord({
        url_token: 'maybe1',
        name: 'db',
        passphrase: 'open sesame',
        expire_after_days: 2,
        expire_after_views: 1,
        created_at: new Date(STARTED + 500).toISOString(),
      }),
      pushRecord({
        url_token: 'other1',
        name: 'db',
        passphrase: '',
        expire_after_days: 2,
        expire_after_views: 1,
        created_at: new Date(STARTED + 500).toISOString(),
      }),
    ]);
    activePushes.mockResolvedValue(ok(makePage(listed.ok ? listed.value : [])));
    render(<PushesApp />);
    fireEvent.click(
      await within(await screen.findByRole('region', { name: 'Pushes that may have been made' })).findByRole('button', {
        name: 'Look again',
      }),
    );
    await within(section()).findByText(/This push on the instance may be yours/);
    const rows = within(section()).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-token'))).toEqual(['maybe1']);
    const stillOpen = await listAttempts();
    expect(stillOpen.ok && stillOpen.value.map((attempt) => attempt.id)).toEqual(['a1']);
  });

  it('says none matches when none does', async () => {
    await configure();
    render(<PushesApp />);
    fireEvent.click(
      await within(await screen.findByRole('region', { name: 'Pushes that may have been made' })).findByRole('button', {
        name: 'Look again',
      }),
    );
    await within(section()).findByText(/None of your active pushes on the instance matches this try/);
  });

  it('without a token: no look, and it says how to check', async () => {
    await configure('');
    render(<PushesApp />);
    await within(await screen.findByRole('region', { name: 'Pushes that may have been made' })).findByText(
      /needs an API token for pwpush\.example/,
    );
    expect(within(section()).queryByRole('button', { name: 'Look again' })).toBeNull();
  });

  it('"Forget this try" forgets it (the push, if any, stays on the instance)', async () => {
    await configure();
    render(<PushesApp />);
    fireEvent.click(
      await within(await screen.findByRole('region', { name: 'Pushes that may have been made' })).findByRole('button', {
        name: 'Forget this try',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pushes that may have been made' })).toBeNull());
    expect(await listAttempts()).toEqual({ ok: true, value: [] });
  });
});

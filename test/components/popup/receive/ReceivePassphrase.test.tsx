import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import { fail, ok } from '@/lib/result';
import { BASE_URL, PASSPHRASE_401, TOKEN, openLink, retrievedPush, type } from './fixtures';

const pwpush = installFakePwpush();
const { retrievePush } = pwpush;

const retrieve = retrievePush;
const passphraseField = () => screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement;
const openButton = () => screen.getByRole('button', { name: 'Open' });

beforeEach(() => {
  vi.resetAllMocks();
  render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
});

/** The first retrieval answers "passphrase needed"; the passphrase step is then shown. */
async function reachPassphraseStep() {
  retrieve.mockResolvedValueOnce(fail(PASSPHRASE_401));
  await openLink();
  await screen.findByLabelText('Passphrase', { selector: 'input' });
}

describe('a passphrase-protected push', () => {
  it('asks for the passphrase, says a wrong one is not right, and opens with the right one', async () => {
    await reachPassphraseStep();
    expect(screen.getByText(/protected by a passphrase/)).toBeTruthy();
    expect(screen.queryByText('That passphrase is not right.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(passphraseField()));

    retrieve.mockResolvedValueOnce(fail(PASSPHRASE_401));
    type(passphraseField(), 'wrong one');
    fireEvent.click(openButton());
    await screen.findByText('That passphrase is not right.');
    expect(passphraseField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('That passphrase is not right.').getAttribute('role')).toBe('alert');

    retrieve.mockResolvedValueOnce(ok(retrievedPush({ payload: 'the secret' })));
    type(passphraseField(), ' right one ');
    expect(screen.queryByText('That passphrase is not right.')).toBeNull();
    fireEvent.click(openButton());
    const payload = (await screen.findByRole('textbox', { name: 'Secret' })) as HTMLTextAreaElement;
    expect(payload.value).toBe('the secret');
    expect(screen.queryByLabelText('Passphrase', { selector: 'input' })).toBeNull();

    expect(retrieve.mock.calls).toEqual([
      [{ baseUrl: BASE_URL }, TOKEN, undefined],
      [{ baseUrl: BASE_URL }, TOKEN, 'wrong one'],
      // Sent exactly as typed: a passphrase is never trimmed.
      [{ baseUrl: BASE_URL }, TOKEN, ' right one '],
    ]);
  });

  it('says "not right" again after a second wrong try', async () => {
    await reachPassphraseStep();
    retrieve.mockResolvedValue(fail(PASSPHRASE_401));
    type(passphraseField(), 'first');
    fireEvent.click(openButton());
    await screen.findByText('That passphrase is not right.');
    fireEvent.click(openButton());
    await waitFor(() => expect(retrieve).toHaveBeenCalledTimes(3));
    await screen.findByText('That passphrase is not right.');
    expect(passphraseField().value).toBe('first');
  });

  it('sends no request for an empty passphrase', async () => {
    await reachPassphraseStep();
    fireEvent.click(openButton());
    expect((await screen.findByText('Enter the passphrase.')).getAttribute('role')).toBe('alert');
    expect(retrieve).toHaveBeenCalledOnce();
  });

  it('goes back to the link with "Cancel", forgetting the passphrase', async () => {
    await reachPassphraseStep();
    type(passphraseField(), 'half typed');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(screen.queryByLabelText('Passphrase', { selector: 'input' })).toBeNull();
    expect(document.body.innerHTML).not.toContain('half typed');
  });
});

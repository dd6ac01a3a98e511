import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import { fail, ok } from '@/lib/result';
import { BASE_URL, PASSPHRASE_401, TOKEN, openLink, retrievedPush, type } from './fixtures';

const pwpush = installFakePwpush();
const { retrievePush } = pwpush;

const retrieve = retrievePush;
const upFront = () => screen.getByLabelText('Passphrase, if you were given one', { selector: 'input' }) as HTMLInputElement;
const passphraseStep = () => screen.queryByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement | null;

beforeEach(() => {
  vi.resetAllMocks();
  render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
});

describe('a passphrase given with the link', () => {
  it('is an optional, hidden field that goes with the first and only request', async () => {
    retrieve.mockResolvedValueOnce(ok(retrievedPush({ payload: 'the secret' })));
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(upFront().type).toBe('password');
    expect(upFront().required).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Show passphrase' }));
    expect(upFront().type).toBe('text');
    // Sent exactly as typed: a passphrase is never trimmed.
    type(upFront(), ' given apart ');
    await openLink();

    const payload = (await screen.findByRole('textbox', { name: 'Secret' })) as HTMLTextAreaElement;
    expect(payload.value).toBe('the secret');
    expect(retrieve.mock.calls).toEqual([[{ baseUrl: BASE_URL }, TOKEN, ' given apart ']]);
  });

  it('when wrong, leads to the passphrase step saying so, with the passphrase there to correct', async () => {
    retrieve.mockResolvedValueOnce(fail(PASSPHRASE_401));
    type(await screen.findByLabelText('Passphrase, if you were given one', { selector: 'input' }), 'typo');
    await openLink();

    await screen.findByText('That passphrase is not right.');
    expect(passphraseStep()!.value).toBe('typo');
    await waitFor(() => expect(document.activeElement).toBe(passphraseStep()));
    expect(retrieve.mock.calls).toEqual([[{ baseUrl: BASE_URL }, TOKEN, 'typo']]);
  });

  it('left empty, opens without one and asks afterwards when the push has one, as before', async () => {
    retrieve.mockResolvedValueOnce(fail(PASSPHRASE_401));
    await openLink();
    await waitFor(() => expect(passphraseStep()).not.toBeNull());
    expect(screen.queryByText('That passphrase is not right.')).toBeNull();
    expect(retrieve.mock.calls).toEqual([[{ baseUrl: BASE_URL }, TOKEN, undefined]]);
  });

  it('is cleared with "Open another link"', async () => {
    retrieve.mockResolvedValueOnce(ok(retrievedPush({ payload: 'the secret' })));
    type(await screen.findByLabelText('Passphrase, if you were given one', { selector: 'input' }), 'given apart');
    await openLink();
    fireEvent.click(await screen.findByRole('button', { name: 'Open another link' }));
    expect((await screen.findByLabelText('Passphrase, if you were given one', { selector: 'input' })) as HTMLInputElement).toHaveProperty(
      'value',
      '',
    );
  });
});

import { installFakePwpush } from '@/test/support/fake-pwpush';
import { fireEvent, render, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import { fail, ok } from '@/lib/result';
import { BASE_URL, PASSPHRASE_401, openLink, retrievedPush } from './fixtures';

const pwpush = installFakePwpush();
const { retrievePush } = pwpush;

const retrieve = retrievePush;
const passphrase = () => screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement;

beforeEach(() => {
  vi.resetAllMocks();
  render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
});

describe('the receive view keeps its secrets out of the browser', () => {
  it('asks for the passphrase in a password field with autocomplete off and a Show toggle', async () => {
    retrieve.mockResolvedValueOnce(fail(PASSPHRASE_401));
    await openLink();
    await screen.findByLabelText('Passphrase', { selector: 'input' });
    expect(passphrase().type).toBe('password');
    expect(passphrase().getAttribute('autocomplete')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: 'Show passphrase' }));
    expect(passphrase().type).toBe('text');
  });

  it('shows the retrieved secret in a text box with autocomplete off (else Blink keeps it in session files)', async () => {
    retrieve.mockResolvedValueOnce(ok(retrievedPush({ payload: 'the secret' })));
    await openLink();
    const shown = (await screen.findByRole('textbox', { name: 'Secret' })) as HTMLTextAreaElement;
    expect(shown.value).toBe('the secret');
    expect(shown.getAttribute('autocomplete')).toBe('off');
  });

  it('says next to "Copy" that clipboard history apps keep copies', async () => {
    retrieve.mockResolvedValueOnce(ok(retrievedPush({ payload: 'the secret' })));
    await openLink();
    const copy = await screen.findByRole('button', { name: 'Copy' });
    const hint = document.getElementById(copy.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/clipboard history/i);
  });
});

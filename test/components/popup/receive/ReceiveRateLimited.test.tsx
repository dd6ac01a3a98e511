import { installFakePwpush } from '@/test/support/fake-pwpush';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { ReceiveView } from '@/components/popup/receive/ReceiveView';
import { RetryCountdown } from '@/components/popup/receive/RetryCountdown';
import { fail } from '@/lib/result';
import { BASE_URL, PASSPHRASE_401, openLink, type } from './fixtures';

const pwpush = installFakePwpush();
const { retrievePush } = pwpush;

const retrieve = retrievePush;
const passphraseField = () => screen.getByLabelText('Passphrase', { selector: 'input' }) as HTMLInputElement;
const HOST = 'pwpush.example';
/** Rails' passphrase limit: JSON, no Retry-After (docs/password-pusher.md#passphrase). */
const PASSPHRASE_LIMIT = {
  kind: 'rate-limited',
  status: 429,
  serverMessage: 'Too many passphrase attempts. Please try again in a minute.',
} as const;
/** rack-attack's general throttle: text/plain "Retry later" with Retry-After (docs/password-pusher.md#throttling). */
const throttle = (retryAfterSeconds?: number) =>
  ({ kind: 'rate-limited', status: 429, serverMessage: 'Retry later', ...(retryAfterSeconds ? { retryAfterSeconds } : {}) }) as const;

beforeEach(() => {
  vi.resetAllMocks();
});

function renderView() {
  render(<ReceiveView baseUrl={BASE_URL} onBack={() => {}} />);
}

/** Asked for the passphrase, then one try with `guess` answered by `answer`. */
async function tryPassphraseAnswered(answer: ReturnType<typeof throttle> | typeof PASSPHRASE_LIMIT) {
  renderView();
  retrieve.mockResolvedValueOnce(fail(PASSPHRASE_401));
  await openLink();
  await screen.findByLabelText('Passphrase', { selector: 'input' });
  retrieve.mockResolvedValueOnce(fail(answer));
  type(passphraseField(), 'guess');
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  // The passphrase step has an alert region of its own: the failure is the note's.
  const note = await screen.findByText((_, element) => element?.classList.contains('failure-message') === true);
  return note.textContent ?? '';
}

describe('a 429 on opening, explained by its cause', () => {
  it('the passphrase limit: 5 tries a minute for this push, right ones included; the passphrase step stays', async () => {
    const text = await tryPassphraseAnswered(PASSPHRASE_LIMIT);
    expect(text).toBe(
      `Too many passphrase tries for this push: ${HOST} takes 5 a minute, right ones included. Try again in about a minute.`,
    );
    expect(screen.getByText('You can try again in 60 s.')).toBeTruthy();
    expect(passphraseField().value).toBe('guess');
    expect(screen.queryByText('That passphrase is not right.')).toBeNull();
  });

  it('the general throttle while trying a passphrase: its own words and wait, and the tries are not what ran out', async () => {
    const text = await tryPassphraseAnswered(throttle(42));
    expect(text).toBe(
      `${HOST} is getting too many requests from your network address: try again in 42 s. This is the instance's general limit, not the one on passphrase tries.`,
    );
    expect(screen.getByText('You can try again in 42 s.')).toBeTruthy();
  });

  it('the general throttle without a passphrase never speaks of passphrases', async () => {
    renderView();
    retrieve.mockResolvedValueOnce(fail(throttle(120)));
    await openLink();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${HOST} is getting too many requests from your network address: try again in 2 min.`);
    expect(screen.getByText('You can try again in 2 min.')).toBeTruthy();
  });

  it('a 429 without Retry-After and without a passphrase: about a minute', async () => {
    renderView();
    retrieve.mockResolvedValueOnce(fail({ kind: 'rate-limited', status: 429 }));
    await openLink();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${HOST} is getting too many requests from your network address: wait a minute, then try again.`);
    expect(screen.getByText('You can try again in 60 s.')).toBeTruthy();
  });
});

describe('the countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down each second without announcing each one, and says when a try is welcome again', () => {
    render(<RetryCountdown seconds={3} />);
    expect(screen.getByText('You can try again in 3 s.').closest('[role="status"],[aria-live]')).toBeNull();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('You can try again in 2 s.')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByText(/You can try again in/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('You can try again now.');
  });
});

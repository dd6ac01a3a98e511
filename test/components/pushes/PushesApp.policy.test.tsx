import { render, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PushesApp } from '@/components/pushes/PushesApp';
import { managedPolicy } from '@/lib/settings';
import { answerListsEmpty, configure } from './fixtures';

vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

describe("the Pushes page under an organisation's policy", () => {
  it('offers a lockdown when the policy says nothing of it', async () => {
    await configure('tok');
    render(<PushesApp />);
    await screen.findByText('On pwpush.example');
    expect(await screen.findByRole('button', { name: 'Start a lockdown…' })).toBeTruthy();
  });

  it('offers none where the organisation switched the lockdown off', async () => {
    await configure('tok');
    await managedPolicy.setValue({ policy: { lockdown: false }, ignored: [] });
    render(<PushesApp />);
    // The policy is read beside the connection: once the instance line shows, both are in.
    await screen.findByText('On pwpush.example');
    expect(screen.queryByRole('button', { name: 'Start a lockdown…' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Lockdown' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { receiptsOn } from '@/lib/settings';
import { openOptions, stubPermissions } from './support';

const receipts = () => screen.getByRole('checkbox', { name: 'Read receipts' }) as HTMLInputElement;

beforeEach(() => {
  stubPermissions();
});

describe('the Read receipts switch', () => {
  it('is on by default, says what it costs, and is kept at once when turned off', async () => {
    await openOptions();
    expect(receipts().checked).toBe(true);
    const hint = document.getElementById(receipts().getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).toMatch(/never more than 20 requests a minute/);
    fireEvent.click(receipts());
    await waitFor(async () => expect(await receiptsOn.getValue()).toBe(false));
  });

  it('shows what is stored', async () => {
    await receiptsOn.setValue(false);
    await openOptions();
    await waitFor(() => expect(receipts().checked).toBe(false));
  });
});

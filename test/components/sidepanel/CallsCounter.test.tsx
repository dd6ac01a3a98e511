import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { CallsCounter } from '@/components/sidepanel/CallsCounter';

describe('CallsCounter', () => {
  it.each([
    [0, '0 API calls this month (free quota about 10,000).'],
    [1, '1 API call this month (free quota about 10,000).'],
    [2, '2 API calls this month (free quota about 10,000).'],
    [7_500, '7,500 API calls this month (free quota about 10,000).'],
  ])('%i calls: "%s"', (calls, text) => {
    render(<CallsCounter locale="en" initialCalls={calls} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});

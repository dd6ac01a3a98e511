import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { CallsCounter } from '@/components/sidepanel/CallsCounter';

describe('CallsCounter', () => {
  it.each([
    [0, '0 API calls this month (free quota about 10,000).'],
    [1, '1 API call this month (free quota about 10,000).'],
    [2, '2 API calls this month (free quota about 10,000).'],
    [7_500, '7,500 API calls this month (free quota about 10,000).'],
  ])('Swedavia’s API, %i calls: "%s"', (calls, text) => {
    render(<CallsCounter source="swedavia-api" locale="en" initialCalls={{ api: calls, feeds: { cph: 4 } }} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ['cph', 0, "0 requests to Copenhagen Airport's website this month."],
    ['cph', 1, "1 request to Copenhagen Airport's website this month."],
    ['fra', 1_234, "1,234 requests to Frankfurt Airport's website this month."],
    ['swedavia-web', 12, "12 requests to Swedavia's website this month."],
  ] as const)('a website feed (%s), %i requests: its own count, no quota', (source, count, text) => {
    render(<CallsCounter source={source} locale="en" initialCalls={{ api: 9_000, feeds: { [source]: count } }} />);
    expect(screen.getByText(text).className).toBe('calls');
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { filterStatusText, SearchControls } from '@/components/pushes/SearchStatus';
import type { HistorySearch } from '@/components/pushes/useHistorySearch';
import type { ListSearch } from '@/components/pushes/useListSearch';

const noop = () => {};

describe('a search that reached its bound', () => {
  it('says where it stopped and why, with the count written out', () => {
    const search: ListSearch & { name: 'done' } = {
      name: 'done',
      found: [],
      searched: 1_000,
      pages: 20,
      end: { reason: 'bound', page: 20 },
    };
    render(<SearchControls scope={{ name: 'search', search }} canSearch={true} onSearch={noop} onStop={noop} />);
    screen.getByText(
      'The search stopped after page 20 (1,000 pushes) to stay within the server’s request limits. Older pushes are on the pages after it.',
    );
    // Done: not offered again until the filter changes.
    expect(screen.queryByRole('button')).toBeNull();
    expect(filterStatusText(' vpn ', { name: 'search', search })).toBe('0 of 1,000 pushes on pages 1 to 20 match “vpn”.');
  });
});

describe('the filter over this browser’s history', () => {
  it('shows how far it has read, offers Stop, and says truthfully what a stopped search covered', () => {
    let stopped = 0;
    type Running = Exclude<HistorySearch, { name: 'idle' }>;
    const searching: Running = { name: 'searching', found: [], searched: 2_500, total: 50_000, stopped: false };
    render(<SearchControls scope={{ name: 'history', search: searching }} canSearch={false} onSearch={noop} onStop={() => stopped++} />);
    screen.getByText('Searched 2,500 of 50,000 pushes in this browser…');
    screen.getByRole('button', { name: 'Stop' }).click();
    expect(stopped).toBe(1);
    expect(filterStatusText('wifi', { name: 'history', search: searching })).toBe('Searching every page for “wifi”…');
    const halted: Running = { ...searching, name: 'done', stopped: true };
    expect(filterStatusText('wifi', { name: 'history', search: halted })).toBe(
      'Stopped after 2,500 of 50,000 pushes in this browser. Matches for “wifi”: 0.',
    );
    const complete: Running = { ...searching, name: 'done', searched: 50_000 };
    expect(filterStatusText('wifi', { name: 'history', search: complete })).toBe('0 of 50,000 pushes in this browser match “wifi”.');
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { filterStatusText, SearchControls } from '@/components/pushes/SearchStatus';
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

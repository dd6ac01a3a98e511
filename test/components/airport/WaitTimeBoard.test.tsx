import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/preact';
import { WaitTimeBoard } from '@/components/airport/WaitTimeBoard';
import type { Queue } from '@/lib/airport/types';
import { arnQueues } from './fixtures';

const NOW = () => Date.now();

function showBoard(queues: Queue[], extra: { outdated?: boolean; measuredAt?: string | null; airportName?: string } = {}) {
  const measuredAt = extra.measuredAt !== undefined ? extra.measuredAt : (queues[0]?.measuredAt ?? null);
  return render(
    <WaitTimeBoard
      queues={queues}
      measuredAt={measuredAt}
      airportName={extra.airportName ?? 'Stockholm Arlanda Airport'}
      now={NOW()}
      locale="en-GB"
      outdated={extra.outdated}
    />,
  );
}

const rows = (container: Element) => [...container.querySelectorAll<HTMLLIElement>('li.queue')];
const rowOf = (name: string) => screen.getByText(name, { exact: true }).closest('li') as HTMLLIElement;

describe('WaitTimeBoard', () => {
  it('groups queues by terminal in order, regular lanes before FastTrack', () => {
    const { container } = showBoard(arnQueues());
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['T2', 'T3', 'T4', 'T5']);
    const t5 = screen.getByRole('region', { name: 'T5' });
    expect(within(t5).getAllByRole('listitem').map((li) => li.querySelector('.queue-name span')!.textContent)).toEqual([
      'Security Terminal 5F',
      'Security Terminal 5F FastTrack',
    ]);
    expect(rows(container)).toHaveLength(7);
  });

  it('groups queues without a terminal under the airport name', () => {
    const queues = arnQueues().slice(0, 2).map((q) => ({ ...q, terminal: null }));
    showBoard(queues, { airportName: 'Göteborg Landvetter Airport' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Göteborg Landvetter Airport']);
  });

  it('marks FastTrack lanes with a badge, and only those', () => {
    const { container } = showBoard(arnQueues());
    const badged = rows(container).filter((row) => within(row).queryByText('FastTrack', { exact: true }));
    expect(badged.map((row) => row.dataset.queueId)).toEqual(['6', '9', '23']);
  });

  it('shows the minutes, "45+ min" from 45 on, with a colour class and the level in words', () => {
    const queues = arnQueues(3, [4, 9, 10, 19, 20, 45, 47]);
    showBoard(queues);
    const wait = (name: string) => rowOf(name).querySelector('.queue-wait')!;
    expect(wait('Security Terminal 2').textContent).toBe('4 minshort wait');
    expect(wait('Security Terminal 2').className).toContain('wait-short');
    expect(wait('Security Terminal 2 FastTrack').className).toContain('wait-short');
    expect(wait('Security Terminal 3').className).toContain('wait-medium');
    expect(wait('Security Terminal 3').textContent).toContain('medium wait');
    expect(wait('Security Terminal 4').className).toContain('wait-medium');
    expect(wait('Security Terminal 4 FastTrack').className).toContain('wait-long');
    expect(wait('Security Terminal 4 FastTrack').textContent).toBe('20 minlong wait');
    expect(wait('Security Terminal 5F FastTrack').querySelector('.wait-minutes')!.textContent).toBe('45+ min');
    expect(wait('Security Terminal 5F').querySelector('.wait-minutes')!.textContent).toBe('45+ min');
    expect(wait('Security Terminal 5F').className).toContain('wait-long');
  });

  it('links every checkpoint to a map at its position, in a new tab without a referrer', () => {
    showBoard(arnQueues());
    const link = screen.getByRole('link', { name: 'Map of Security Terminal 4 FastTrack (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=59.64775&mlon=17.92761#map=18/59.64775/17.92761');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(7);
  });

  it('leaves out the map link for impossible coordinates', () => {
    showBoard([{ ...arnQueues()[0]!, latitude: 200 }]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says when it was measured, in local time, and is not stale within 15 minutes', () => {
    const queues = arnQueues(3);
    const { container } = showBoard(queues);
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(Date.parse(queues[0]!.measuredAt));
    expect(screen.getByText(`Measured ${time} (3 min ago)`)).toBeTruthy();
    expect(screen.queryByText('Out of date')).toBeNull();
    expect(container.querySelector('.board')!.className).not.toContain('is-stale');
  });

  it('marks data older than 15 minutes as out of date', () => {
    const { container } = showBoard(arnQueues(16));
    expect(screen.getByText(/\(16 min ago\)/)).toBeTruthy();
    expect(screen.getByText('Out of date')).toBeTruthy();
    expect(container.querySelector('.board')!.className).toContain('is-stale');
  });

  it('marks fresh data out of date when the last refresh failed', () => {
    showBoard(arnQueues(1), { outdated: true });
    expect(screen.getByText('Out of date')).toBeTruthy();
  });

  it('says so when no checkpoint reports', () => {
    showBoard([], { measuredAt: null });
    expect(screen.getByText('No security checkpoint reports a wait time right now.')).toBeTruthy();
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ForgetAirportData } from '@/components/options/ForgetAirportData';
import { getDb } from '@/lib/db';
import { keepReadings } from '@/lib/readings/store';
import {
  airportKeys,
  airportWatches,
  airportWatchesEnded,
  defaultAirport,
  favouriteAirports,
  myFlight,
  recentAirports,
} from '@/lib/settings';
import { saveBoard } from '@/lib/wait-times/cache';
import { PAINT_SNAPSHOT_KEY } from '@/lib/wait-times/snapshot-key';

async function seed() {
  const now = Date.now();
  await keepReadings(
    [{ source: 'cph', iata: 'CPH', checkpoint: 'T2', date: '2026-12-01', weekday: 2, step: 29, at: now, low: 10, high: 15 }],
    now,
  );
  await saveBoard('https://cph.example/w.json', {
    source: 'cph',
    iata: 'CPH',
    timeZone: 'Europe/Copenhagen',
    checkpoints: [],
    measuredAt: null,
    activeStations: null,
  });
  await recentAirports.setValue(['CPH']);
  await favouriteAirports.setValue(['ARN']);
  await defaultAirport.setValue('ARN');
  await airportKeys.setValue({ primary: 'primary-key-0001', secondary: '' });
  await myFlight.setValue({ iata: 'CPH', flight: 'SK1415', date: '2099-01-01' });
  await airportWatches.setValue([
    {
      id: 'w',
      iata: 'CPH',
      target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' },
      rule: { kind: 'under', minutes: 10 },
      setAt: now,
      endsAt: now + 60_000,
    },
  ]);
  localStorage.setItem(PAINT_SNAPSHOT_KEY, '{}');
}

describe('Settings: Forget airport data', () => {
  it('asks once, then forgets the readings, saved boards, recent airports, My flight and watches; the settings stay', async () => {
    await seed();
    render(<ForgetAirportData />);
    const start = screen.getByRole('button', { name: 'Forget airport data' });
    expect(start.getAttribute('aria-describedby')).toBe('forget-airport-hint');
    expect(screen.getByText(/^Forgets what this browser kept of your travels: the queue readings/)).toBeTruthy();
    fireEvent.click(start);
    expect(screen.getByText('Forget all airport data in this browser?')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget' })));
    fireEvent.click(screen.getByRole('button', { name: 'Forget' }));
    expect((await screen.findByText('Airport data forgotten.')).closest('[role="status"]')).toBeTruthy();

    const db = await getDb();
    expect(await db.count('readings')).toBe(0);
    expect(await db.count('waitBoards')).toBe(0);
    expect(await recentAirports.getValue()).toEqual([]);
    expect(await myFlight.getValue()).toBeNull();
    expect(await airportWatches.getValue()).toEqual([]);
    expect(await airportWatchesEnded.getValue()).toEqual([]);
    expect(localStorage.getItem(PAINT_SNAPSHOT_KEY)).toBeNull();
    expect(await favouriteAirports.getValue()).toEqual(['ARN']);
    expect(await defaultAirport.getValue()).toBe('ARN');
    expect((await airportKeys.getValue()).primary).toBe('primary-key-0001');
  });

  it('Cancel forgets nothing and puts the focus back', async () => {
    await seed();
    render(<ForgetAirportData />);
    fireEvent.click(screen.getByRole('button', { name: 'Forget airport data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget airport data' })));
    expect(await (await getDb()).count('readings')).toBe(1);
    expect(await recentAirports.getValue()).toEqual(['CPH']);
  });
});

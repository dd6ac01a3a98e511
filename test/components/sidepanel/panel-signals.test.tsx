import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { airportDate } from '@/lib/airport/flight';
import { defaultAirport, myFlight } from '@/lib/settings';
import { arnQueues, configure, json, serveAirportApi, waitBody } from './fixtures';

/** What the person reads as the board's age: every "Measured …" / "Last update …" line. */
const measuredLines = () => [...document.querySelectorAll('.measured')].map((line) => line.textContent ?? '');
const stockholm = (at: number) =>
  new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' }).format(at);
const serverError = () => json({ statusCode: 500, message: 'Internal server error' }, 500);
const T5F = (ago: number) => arnQueues(ago).filter((queue) => queue.terminal === 'T5');

describe('side panel: the signals agree', () => {
  beforeEach(() => configure());

  it('after a failed refresh: no fresh-sounding age beside "Out of date", and the note says when the last good answer came', async () => {
    let answer = () => json(waitBody(arnQueues(0)));
    serveAirportApi(() => answer());
    render(<SidePanelApp />);
    fireEvent.input(await screen.findByRole('combobox', { name: 'Airport' }), { target: { value: 'ARN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText('Security Terminal 2');
    const answeredAt = Date.now();
    expect(measuredLines()).toEqual([expect.stringMatching(/^Measured .+ just now$/)]);

    answer = serverError;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(/The airport service has a problem right now/);
    expect(screen.getByText('Out of date')).toBeTruthy();
    expect(measuredLines()).toEqual([expect.stringMatching(/^Last update \d\d:\d\d( [AP]M)? \(Stockholm time\)Out of date$/)]);
    expect(measuredLines().join()).not.toMatch(/just now|ago/);
    expect(screen.getByText(`The wait times below are the last ones received, at ${stockholm(answeredAt)} (Stockholm time).`)).toBeTruthy();
  });

  it('my flight and the board from one refresh: one "Measured" line, and one stale styling for both when a refresh fails', async () => {
    // One snapshot for both answers, as Swedavia's is within one refresh.
    const queues = arnQueues(2);
    let answer = () => json(waitBody(queues));
    serveAirportApi(
      () => answer(),
      () => json(waitBody(queues.filter((queue) => queue.terminal === 'T5'))),
    );
    await myFlight.setValue({ iata: 'ARN', flight: 'TG961', date: airportDate(Date.now()) });
    await defaultAirport.setValue('ARN');
    render(<SidePanelApp />);
    await screen.findByRole('region', { name: /^Your flight TG961, / });
    await screen.findByText('Security Terminal 2');
    expect(measuredLines()).toEqual([expect.stringMatching(/^Measured .+ [12] min ago$/)]);

    answer = serverError;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(/The airport service has a problem right now/);
    expect(screen.getAllByText('Out of date')).toHaveLength(1);
    expect(document.querySelector('.flight-board')!.className).toContain('is-stale');
    expect(document.querySelector('.board')!.className).toContain('is-stale');
  });

  it("my flight measured at another time than the board: said once, on the flight's own line", async () => {
    serveAirportApi(
      () => json(waitBody(arnQueues(2))),
      () => json(waitBody(T5F(20))),
    );
    await myFlight.setValue({ iata: 'ARN', flight: 'TG961', date: airportDate(Date.now()) });
    await defaultAirport.setValue('ARN');
    render(<SidePanelApp />);
    await screen.findByRole('region', { name: /^Your flight TG961, / });
    await waitFor(() =>
      expect(measuredLines()).toEqual([
        expect.stringMatching(/^Measured .+ [12] min ago$/),
        expect.stringMatching(/^Your flight TG961: Last update .+ (19|20) min ago$/),
      ]),
    );
  });

  it("my flight's checkpoints out of date while the board is not: the flight's line and box say so, the board's do not", async () => {
    serveAirportApi(
      () => json(waitBody(arnQueues(2))),
      () => json(waitBody(T5F(40))),
    );
    await myFlight.setValue({ iata: 'ARN', flight: 'TG961', date: airportDate(Date.now()) });
    await defaultAirport.setValue('ARN');
    render(<SidePanelApp />);
    await screen.findByRole('region', { name: /^Your flight TG961, / });
    await waitFor(() =>
      expect(measuredLines()).toEqual([
        expect.stringMatching(/^Measured .+ [12] min ago$/),
        expect.stringMatching(/^Your flight TG961: Last update .+ (39|40) min agoOut of date$/),
      ]),
    );
    expect(document.querySelector('.flight-board')!.className).toContain('is-stale');
    expect(document.querySelector('.board')!.className).not.toContain('is-stale');
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/preact';
import { WaitTimeBoard } from '@/components/sidepanel/WaitTimeBoard';
import type { Checkpoint } from '@/lib/airport/airport-board';
import { checkpointOfQueue } from '@/lib/airport/sources/swedavia-board';
import type { Queue } from '@/lib/airport/types';
import { arnQueues } from './fixtures';

/** Stockholm's clock and Swedavia's 15-minute step. */
const stockholm = (measuredAt: string | null) => ({ measuredAt, timeZone: 'Europe/Stockholm', stepMinutes: 15 });
import { isolated } from '@/test/support/isolated';

const NOW = () => Date.now();

function showBoard(queues: Queue[], extra: { outdated?: boolean; measuredAt?: string | null; airportName?: string } = {}) {
  const measuredAt = extra.measuredAt !== undefined ? extra.measuredAt : (queues[0]?.measuredAt ?? null);
  return render(
    <WaitTimeBoard
      checkpoints={queues.map(checkpointOfQueue)}
      time={stockholm(measuredAt)}
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
    expect(
      within(t5)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.queue-name bdi')!.textContent),
    ).toEqual(['Security Terminal 5F', 'Security Terminal 5F FastTrack']);
    expect(rows(container)).toHaveLength(7);
  });

  it('groups queues without a terminal under the airport name', () => {
    const queues = arnQueues()
      .slice(0, 2)
      .map((q) => ({ ...q, terminal: null }));
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
    const link = screen.getByRole('link', { name: `Map of ${isolated('Security Terminal 4 FastTrack')} (opens in a new tab)` });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=59.64775&mlon=17.92761#map=18/59.64775/17.92761');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(7);
  });

  it('leaves out the map link for impossible coordinates', () => {
    showBoard([{ ...arnQueues()[0]!, latitude: 200 }]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("says when it was measured, on Stockholm's clock, and is not stale within 15 minutes", () => {
    const queues = arnQueues(3);
    const { container } = showBoard(queues);
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' }).format(
      Date.parse(queues[0]!.measuredAt),
    );
    expect(screen.getByText(new RegExp(`^Measured ${time} (\\(3 min ago\\)|\\(Stockholm time\\), 3 min ago)$`))).toBeTruthy();
    expect(screen.queryByText('Out of date')).toBeNull();
    expect(container.querySelector('.board')!.className).not.toContain('is-stale');
  });

  it('marks data older than two 15-minute snapshot steps as out of date', () => {
    const { container } = showBoard(arnQueues(36));
    expect(screen.getByText(/^Last update .*36 min ago/)).toBeTruthy();
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

describe('WaitTimeBoard: overflow, snapshot steps, Stockholm time, unmeasured checkpoints', () => {
  const at = (iso: string, minutesLater: number) => Date.parse(iso) + minutesLater * 60_000;
  const MEASURED = '2026-09-29T13:27:04Z';
  const board = (queues: Queue[], now: number, extra: { activeStations?: number | null; localZone?: string } = {}) =>
    render(
      <WaitTimeBoard
        checkpoints={queues.map(checkpointOfQueue)}
        time={stockholm(MEASURED)}
        airportName="Stockholm Arlanda Airport"
        now={now}
        locale="en-GB"
        activeStations={extra.activeStations}
        localZone={extra.localZone ?? 'Europe/Stockholm'}
      />,
    );
  const pinned = (overrides: Partial<Queue>[] = []) =>
    arnQueues().map((queue, index) => ({ ...queue, measuredAt: MEASURED, ...(overrides[index] ?? {}) }));

  it('an overflowing queue reads "16+ min", "queue longer than measured", coloured as long', () => {
    board(pinned([{ minutes: 16, overflow: true }]), at(MEASURED, 2));
    const row = rowOf('Security Terminal 2');
    expect(row.querySelector('.wait-minutes')!.textContent).toBe('16+ min');
    expect(row.querySelector('.wait-level')!.textContent).toBe('queue longer than measured');
    expect(row.querySelector('.queue-wait')!.classList.contains('wait-long')).toBe(true);
    // Read out as well: the words are text in the row, not only a colour.
    expect(row.textContent).toMatch(/16\+ min.*queue longer than measured/);
    const calm = rowOf('Security Terminal 3');
    expect(calm.querySelector('.wait-minutes')!.textContent).toBe('0 min');
    expect(calm.querySelector('.queue-wait')!.classList.contains('wait-short')).toBe(true);
  });

  it.each([
    [3, 'Measured 15:27 (3 min ago)', false],
    [16, 'Last update 15:27 (16 min ago)', false],
    [34, 'Last update 15:27 (34 min ago)', false],
    [36, 'Last update 15:27 (36 min ago)', true],
  ])('%i min after the snapshot: "%s", out of date: %s', (minutes, text, stale) => {
    const { container } = board(pinned(), at(MEASURED, minutes));
    expect(container.querySelector('.measured span')!.textContent).toBe(text);
    expect(screen.queryByText('Out of date') !== null).toBe(stale);
  });

  it('shows Stockholm time, and says so when the browser reads another clock', () => {
    const { container, unmount } = board(pinned(), at(MEASURED, 3), { localZone: 'America/New_York' });
    expect(container.querySelector('.measured span')!.textContent).toBe('Measured 15:27 (Stockholm time), 3 min ago');
    unmount();
    const oslo = board(pinned(), at(MEASURED, 20), { localZone: 'Europe/Oslo' });
    expect(oslo.container.querySelector('.measured span')!.textContent).toBe('Last update 15:27 (20 min ago)');
  });

  it('says when some listed checkpoints report no measurement', () => {
    const { unmount } = board(pinned(), at(MEASURED, 2), { activeStations: 5 });
    expect(screen.getByText('2 of the 7 checkpoints listed report no measurement right now.')).toBeTruthy();
    unmount();
    const one = board(pinned(), at(MEASURED, 2), { activeStations: 6 });
    expect(screen.getByText('1 of the 7 checkpoints listed reports no measurement right now.')).toBeTruthy();
    one.unmount();
    board(pinned(), at(MEASURED, 2), { activeStations: 7 });
    expect(screen.queryByText(/reports? no measurement/)).toBeNull();
  });
});

describe('WaitTimeBoard: a website’s board', () => {
  const MEASURED = '2026-09-29T05:15:00Z';
  const checkpoint = (id: string, wait: Checkpoint['wait'], extra: Partial<Checkpoint> = {}): Checkpoint => ({
    id,
    name: id,
    terminal: null,
    fastTrack: false,
    wait,
    measuredAt: MEASURED,
    ...extra,
  });
  const copenhagen = (checkpoints: Checkpoint[], minutesLater = 2, localZone = 'Europe/Copenhagen') =>
    render(
      <WaitTimeBoard
        checkpoints={checkpoints}
        time={{ measuredAt: MEASURED, timeZone: 'Europe/Copenhagen', stepMinutes: 5 }}
        airportName="Copenhagen Airport"
        now={Date.parse(MEASURED) + minutesLater * 60_000}
        locale="en-GB"
        localZone={localZone}
      />,
    );
  const waitOf = (name: string) => rowOf(name).querySelector('.queue-wait')!;

  it('shows every form of wait in words, coloured by what a traveller plans for', () => {
    copenhagen([
      checkpoint('Terminal 2', { kind: 'range', from: 10, to: 15 }, { terminal: 'T2' }),
      checkpoint('Terminal 3', { kind: 'under', minutes: 5 }, { terminal: 'T3' }),
      checkpoint('Filter', { kind: 'at-least', minutes: 20 }),
      checkpoint('Munich', { kind: 'at-most', minutes: 12 }),
    ]);
    expect(waitOf('Terminal 2').textContent).toBe('10–15 minmedium wait');
    expect(waitOf('Terminal 3').textContent).toBe('under 5 minshort wait');
    expect(waitOf('Filter').textContent).toBe('20+ minlong wait');
    expect(waitOf('Munich').textContent).toBe('up to 12 minmedium wait');
    // A website's board has no positions: no map links.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the checkpoints its feed lost a value for, and shows them without a figure or a colour', () => {
    copenhagen([
      checkpoint('Terminal 2', { kind: 'minutes', minutes: 7 }, { terminal: 'T2' }),
      checkpoint('Terminal 3', null, { terminal: 'T3' }),
    ]);
    expect(screen.getByText(`This airport's feed changed: no value for ${isolated('Terminal 3')}.`)).toBeTruthy();
    expect(waitOf('Terminal 3').textContent).toBe('no value');
    expect(waitOf('Terminal 3').className).toContain('wait-none');
    expect(waitOf('Terminal 2').textContent).toBe('7 minshort wait');
  });

  it('shows the airport’s own words where they hold no figure, as text, and not as a changed feed', () => {
    copenhagen([checkpoint('Concourse C', null, { said: '<b>Currently closed</b>' })]);
    expect(waitOf('Concourse C').textContent).toBe('<b>Currently closed</b>as the airport says');
    expect(document.querySelector('b')).toBeNull();
    expect(screen.queryByText(/feed changed/)).toBeNull();
  });

  it('lists the gates Frankfurt gives for a checkpoint', () => {
    copenhagen([
      checkpoint(
        'Security checkpoint, Concourse A',
        { kind: 'minutes', minutes: 5 },
        {
          gates: [
            { prefix: 'A', from: 1, to: 69 },
            { prefix: 'Z', from: 3, to: 3 },
          ],
        },
      ),
    ]);
    expect(rowOf('Security checkpoint, Concourse A').querySelector('.queue-gates')!.textContent).toBe('Gates A1–A69, Z3');
  });

  it('reads its measurement on Copenhagen’s clock, named where the browser’s reads otherwise, out of date after 15 minutes', () => {
    const { container, unmount } = copenhagen([checkpoint('Terminal 2', { kind: 'minutes', minutes: 7 })], 2, 'Europe/London');
    expect(container.querySelector('.measured span')!.textContent).toBe('Measured 07:15 (Copenhagen time), 2 min ago');
    unmount();
    copenhagen([checkpoint('Terminal 2', { kind: 'minutes', minutes: 7 })], 16);
    expect(screen.getByText('Out of date')).toBeTruthy();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { FlightForm, type FlightFormMode } from '@/components/sidepanel/FlightForm';
import { airportDate, type MyFlight } from '@/lib/airport/flight';

const NOW = Date.now();
const today = airportDate(NOW);

const STOCKHOLM = 'Europe/Stockholm';

function showForm(current: MyFlight | null = null, mode: FlightFormMode = { kind: 'per-flight' }, iata = 'ARN', timeZone = STOCKHOLM) {
  const onChoose = vi.fn();
  const view = render(
    <FlightForm iata={iata} current={current} now={NOW} timeZone={timeZone} mode={mode} onChoose={onChoose} onForget={() => undefined} />,
  );
  return { onChoose, view };
}

const departsField = () => screen.getByLabelText('Departs') as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const show = () => fireEvent.click(screen.getByRole('button', { name: 'Show my flight' }));

describe('FlightForm: the departure time', () => {
  it('is optional: a flight without it is chosen as before', () => {
    const { onChoose } = showForm();
    type('Flight', 'sk 1415');
    show();
    expect(onChoose).toHaveBeenCalledWith({ iata: 'ARN', flight: 'SK1415', date: today });
  });

  it('is kept with the flight, and said to stay on this device', () => {
    const { onChoose } = showForm();
    type('Flight', 'SK1415');
    type('Departs', '07:05');
    show();
    expect(onChoose).toHaveBeenCalledWith({ iata: 'ARN', flight: 'SK1415', date: today, departs: '07:05' });
    expect(departsField().getAttribute('aria-describedby')).toBe('flight-departs-hint');
    expect(document.getElementById('flight-departs-hint')!.textContent).toMatch(/airport's own clock .* not sent/);
  });

  it('keeps hours and minutes where the browser gives seconds too', () => {
    const { onChoose } = showForm();
    type('Flight', 'SK1415');
    type('Departs', '07:05:30');
    show();
    expect(onChoose).toHaveBeenCalledWith({ iata: 'ARN', flight: 'SK1415', date: today, departs: '07:05' });
  });

  it('shows the remembered time, and none for a flight saved before the time was asked', () => {
    const { view } = showForm({ iata: 'ARN', flight: 'SK1415', date: today, departs: '06:40' });
    expect(departsField().value).toBe('06:40');
    view.rerender(
      <FlightForm
        iata="ARN"
        current={{ iata: 'ARN', flight: 'SK1416', date: today }}
        now={NOW}
        timeZone={STOCKHOLM}
        mode={{ kind: 'per-flight' }}
        onChoose={() => undefined}
        onForget={() => undefined}
      />,
    );
    expect(departsField().value).toBe('');
  });
});

describe('FlightForm: what the airport can tell about a flight', () => {
  it('Frankfurt asks for the gate, kept as the feed writes it, and refuses one that is no gate', () => {
    const { onChoose } = showForm(null, { kind: 'gate' }, 'FRA', 'Europe/Berlin');
    expect(screen.queryByLabelText('Terminal')).toBeNull();
    type('Flight', 'lh 400');
    type('Gate', 'b 44');
    show();
    expect(onChoose).toHaveBeenLastCalledWith({ iata: 'FRA', flight: 'LH400', date: airportDate(NOW, 0, 'Europe/Berlin'), gate: 'B44' });
    type('Gate', 'B');
    show();
    expect(screen.getByRole('alert').textContent).toBe('A gate is a letter and a number, such as A26.');
    expect(screen.getByLabelText('Gate').getAttribute('aria-invalid')).toBe('true');
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it('elsewhere asks for the terminal among those the board names, the whole airport unless chosen', () => {
    const { onChoose } = showForm(null, { kind: 'terminal', terminals: ['T2', 'T3'] }, 'CPH', 'Europe/Copenhagen');
    expect(screen.queryByLabelText('Gate')).toBeNull();
    const select = screen.getByLabelText('Terminal') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Whole airport', 'T2', 'T3']);
    expect(document.getElementById('flight-terminal-hint')!.textContent).toMatch(/longest queue of your terminal counts/);
    expect(document.getElementById('flight-hint')!.textContent).toMatch(/nothing about it is sent/);
    type('Flight', 'SK1401');
    show();
    const date = airportDate(NOW, 0, 'Europe/Copenhagen');
    expect(onChoose).toHaveBeenLastCalledWith({ iata: 'CPH', flight: 'SK1401', date });
    fireEvent.change(select, { target: { value: 'T3' } });
    show();
    expect(onChoose).toHaveBeenLastCalledWith({ iata: 'CPH', flight: 'SK1401', date, terminal: 'T3' });
  });

  it('an airport without terminals asks for none', () => {
    showForm(null, { kind: 'terminal', terminals: [] }, 'OSL', 'Europe/Oslo');
    expect(screen.queryByLabelText('Terminal')).toBeNull();
  });

  it('"today" is the airport’s date: Dublin is still on the day before when Stockholm has passed midnight', () => {
    const late = Date.parse('2026-06-30T22:30:00Z');
    render(
      <FlightForm
        iata="DUB"
        current={null}
        now={late}
        timeZone="Europe/Dublin"
        mode={{ kind: 'terminal', terminals: ['T1', 'T2'] }}
        onChoose={() => undefined}
        onForget={() => undefined}
      />,
    );
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-06-30');
  });
});

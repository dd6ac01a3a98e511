import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { FlightForm } from '@/components/sidepanel/FlightForm';
import { airportDate, type MyFlight } from '@/lib/airport/flight';

const NOW = Date.now();
const today = airportDate(NOW);

function showForm(current: MyFlight | null = null) {
  const onChoose = vi.fn();
  const view = render(<FlightForm iata="ARN" current={current} now={NOW} onChoose={onChoose} onForget={() => undefined} />);
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
    expect(document.getElementById('flight-departs-hint')!.textContent).toMatch(/Stockholm's clock .* not sent/);
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
        onChoose={() => undefined}
        onForget={() => undefined}
      />,
    );
    expect(departsField().value).toBe('');
  });
});

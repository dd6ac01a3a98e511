import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MyFlight } from '@/components/sidepanel/MyFlight';
import type { MyFlight as MyFlightData } from '@/lib/airport/flight';

const NOW = Date.parse('2026-11-27T05:00:00Z');
const SK1415: MyFlightData = { iata: 'ARN', flight: 'SK1415', date: '2026-11-27', departs: '08:00' };

function show(current: MyFlightData | null, onChoose = vi.fn()) {
  render(
    <MyFlight
      iata="ARN"
      current={current}
      now={NOW}
      locale="en-GB"
      timeZone="Europe/Stockholm"
      mode={{ kind: 'per-flight' }}
      onChoose={onChoose}
      onForget={vi.fn()}
    />,
  );
  return onChoose;
}

const toggle = () => screen.getByRole('button', { name: /^My flight: / });

describe('My flight: one line until opened', () => {
  it('without a flight: "My flight: add one", collapsed, no form', () => {
    show(null);
    expect(toggle().textContent).toBe('My flight: add one');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Flight' })).toBeNull();
  });

  it("with a flight: its number, date and departure time on the line (on Stockholm's clock, marked: the tests run on UTC)", () => {
    show(SK1415);
    expect(toggle().textContent).toBe('My flight: SK1415, 27 Nov · 08:00 (Stockholm time)');
    show({ iata: 'ARN', flight: 'TG961', date: '2026-11-28' });
    expect(screen.getByRole('button', { name: /TG961/ }).textContent).toBe('My flight: TG961, 28 Nov');
  });

  it('opens as a disclosure button says it does, and closes with the focus back on its line once a flight is chosen', () => {
    const onChoose = show(null);
    toggle().focus();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    const field = screen.getByRole('textbox', { name: 'Flight' });
    expect(panel.contains(field)).toBe(true);
    fireEvent.input(field, { target: { value: 'sk 1415' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my flight' }));
    expect(onChoose).toHaveBeenCalledWith({ iata: 'ARN', flight: 'SK1415', date: '2026-11-27' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('remembers nothing of being opened', async () => {
    show(SK1415);
    const before = JSON.stringify([await fakeBrowser.storage.local.get(), { ...localStorage }]);
    fireEvent.click(toggle());
    fireEvent.click(toggle());
    expect(JSON.stringify([await fakeBrowser.storage.local.get(), { ...localStorage }])).toBe(before);
  });
});

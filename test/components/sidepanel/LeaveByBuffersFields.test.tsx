import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { LeaveByBuffersFields } from '@/components/sidepanel/LeaveByBuffersFields';
import { DEFAULT_LEAVE_BY_BUFFERS, leaveByBuffers } from '@/lib/settings';

const field = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

function change(name: string, value: string) {
  fireEvent.input(field(name), { target: { value } });
  fireEvent.change(field(name));
}

describe('LeaveByBuffersFields', () => {
  it('starts from 45 minutes to the airport and 20 from security to the gate', async () => {
    expect(await leaveByBuffers.getValue()).toEqual({ toAirportMinutes: 45, toGateMinutes: 20 });
    render(<LeaveByBuffersFields buffers={DEFAULT_LEAVE_BY_BUFFERS} />);
    expect(field('Minutes to the airport').value).toBe('45');
    expect(field('Minutes from security to the gate').value).toBe('20');
  });

  it('remembers a changed time when the field is left', async () => {
    render(<LeaveByBuffersFields buffers={DEFAULT_LEAVE_BY_BUFFERS} />);
    change('Minutes to the airport', '70');
    await waitFor(async () => expect(await leaveByBuffers.getValue()).toEqual({ toAirportMinutes: 70, toGateMinutes: 20 }));
    change('Minutes from security to the gate', '15');
    // The stored value comes back through the panel's settings; here the prop stays, so only this field changes.
    await waitFor(async () => expect(await leaveByBuffers.getValue()).toEqual({ toAirportMinutes: 45, toGateMinutes: 15 }));
  });

  it('refuses minutes that cannot be a journey, and keeps the remembered ones', async () => {
    render(<LeaveByBuffersFields buffers={DEFAULT_LEAVE_BY_BUFFERS} />);
    change('Minutes to the airport', '-5');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter whole minutes, from 0 to 600.');
    expect(field('Minutes to the airport').getAttribute('aria-invalid')).toBe('true');
    change('Minutes to the airport', '12.5');
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(await leaveByBuffers.getValue()).toEqual(DEFAULT_LEAVE_BY_BUFFERS);
    change('Minutes to the airport', '30');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the times the panel hands it when they change elsewhere', () => {
    const view = render(<LeaveByBuffersFields buffers={DEFAULT_LEAVE_BY_BUFFERS} />);
    view.rerender(<LeaveByBuffersFields buffers={{ toAirportMinutes: 90, toGateMinutes: 25 }} />);
    expect(field('Minutes to the airport').value).toBe('90');
    expect(field('Minutes from security to the gate').value).toBe('25');
  });
});

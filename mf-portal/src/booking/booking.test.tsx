// The portal's booking screens (issue 32) with book-slot's answers replaced at the api module: the
// flow from service to confirmation, a time taken meanwhile, and the terms a cancellation inside the
// practice's window shows before anything is recorded.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { bookSlot, cancelAppointment, listServices, listSlots, myBookings, SlotTakenError, withdrawRequest, type MyBookings } from './booking-api.ts';
import { BookingFlow } from './booking-flow.tsx';
import { MyAppointments } from './my-appointments.tsx';

vi.mock('./booking-api.ts', async (original) => ({
  ...(await original<typeof import('./booking-api.ts')>()),
  listServices: vi.fn(), listSlots: vi.fn(), bookSlot: vi.fn(), myBookings: vi.fn(), undoBooking: vi.fn(), rescheduleAppointment: vi.fn(), cancelAppointment: vi.fn(), withdrawRequest: vi.fn(),
}));

const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 50 * 60_000).toISOString() });

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  useAuthStore.setState({ user: { $id: 'client1', name: 'Robin', labels: ['client'] } as unknown as AuthUser, status: 'signedIn' });
  vi.mocked(listServices).mockResolvedValue({ timeZone: 'America/New_York', askSelfPay: false, services: [{ id: 'svc1', name: 'Psychotherapy', durationMinutes: 50, confirmation: 'instant' }] });
});

describe('BookingFlow', () => {
  it('service → day → time → confirm, on the client\'s clock with the practice\'s beside it; a time taken meanwhile says so and offers the next ones', async () => {
    const user = userEvent.setup();
    vi.mocked(listSlots).mockResolvedValue([slot('2030-01-08T15:00:00.000Z'), slot('2030-01-08T17:00:00.000Z'), slot('2030-01-09T15:00:00.000Z')]);
    vi.mocked(bookSlot).mockRejectedValueOnce(new SlotTakenError([slot('2030-01-09T15:00:00.000Z')]));
    render(<QueryProvider><BookingFlow accessId="access1" practiceName="Calm Waters" clientZone="America/Chicago" /></QueryProvider>);
    await user.click(await screen.findByRole('radio', { name: /Psychotherapy/ }));
    expect(await screen.findByText(/The practice is in another time zone \(America\/New_York\)/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tue, Jan 8, 2030', pressed: true })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '11:00 AM CST (12:00 PM EST at the practice)' }));
    await user.click(screen.getByRole('button', { name: 'Book Psychotherapy on Tue, Jan 8, 2030 at 11:00 AM CST (12:00 PM EST at the practice)' }));
    expect(bookSlot).toHaveBeenCalledWith('access1', 'svc1', '2030-01-08T17:00:00.000Z', undefined);
    expect(await screen.findByText('That time was just taken')).toBeVisible();
    // The server's next free times replace the list: Jan 8 is gone.
    expect(screen.queryByRole('button', { name: 'Tue, Jan 8, 2030' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Wed, Jan 9, 2030', pressed: true })).toBeVisible();

    vi.mocked(bookSlot).mockResolvedValueOnce({ outcome: 'booked', requestId: 'req1', start: '2030-01-09T15:00:00.000Z', undoUntil: new Date(Date.now() + 5 * 60_000).toISOString() });
    await user.click(screen.getByRole('button', { name: /^9:00 AM CST/ }));
    await user.click(screen.getByRole('button', { name: /^Book Psychotherapy on Wed, Jan 9, 2030/ }));
    expect(await screen.findByText(/^Booked: Psychotherapy on Wed, Jan 9, 2030 at 9:00 AM CST/)).toBeVisible();
    expect(screen.getByRole('button', { name: /^Undo \([45]:\d\d left\)$/ })).toBeVisible();
  });
});

describe('BookingFlow: the self-pay question', () => {
  it('while the practice has no answer, asks "Will you use insurance for these sessions?" before booking and sends the answer with it', async () => {
    const user = userEvent.setup();
    vi.mocked(listServices).mockResolvedValue({ timeZone: 'America/Chicago', askSelfPay: true, services: [{ id: 'svc1', name: 'Psychotherapy', durationMinutes: 50, confirmation: 'instant' }] });
    vi.mocked(listSlots).mockResolvedValue([slot('2030-01-08T15:00:00.000Z')]);
    vi.mocked(bookSlot).mockResolvedValue({ outcome: 'booked', requestId: 'req1', start: '2030-01-08T15:00:00.000Z', undoUntil: null });
    render(<QueryProvider><BookingFlow accessId="access1" practiceName="Calm Waters" clientZone="America/Chicago" /></QueryProvider>);
    await user.click(await screen.findByRole('radio', { name: /Psychotherapy/ }));
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    const question = screen.getByRole('group', { name: 'Will you use insurance for these sessions?' });
    await user.click(screen.getByRole('button', { name: /^Book Psychotherapy on / }));
    expect(bookSlot).not.toHaveBeenCalled();
    expect(screen.getByText('Enter whether you will use insurance.')).toBeVisible();
    await user.click(within(question).getByRole('radio', { name: 'No, I’ll pay myself' }));
    await user.click(screen.getByRole('button', { name: /^Book Psychotherapy on / }));
    expect(bookSlot).toHaveBeenCalledWith('access1', 'svc1', '2030-01-08T15:00:00.000Z', false);
  });
});

describe('MyAppointments', () => {
  const inWindow: MyBookings = {
    practiceName: 'Calm Waters', timeZone: 'America/Chicago', cancellationWindowHours: 24, requests: [],
    appointments: [{ id: 'a1', serviceId: 'svc1', serviceName: 'Psychotherapy', start: '2030-01-08T15:00:00.000Z', end: '2030-01-08T15:50:00.000Z', canReschedule: false, cancel: { late: true, fee: 7500, currency: 'USD' }, undoUntil: null, requestId: null }],
  };

  it('inside the window: no Reschedule; Cancel states the fee and what happens, and only a yes records the late cancel', async () => {
    const user = userEvent.setup();
    vi.mocked(myBookings).mockResolvedValue(inWindow);
    vi.mocked(cancelAppointment).mockResolvedValue({ late: true, fee: 7500, currency: 'USD' });
    render(<QueryProvider><MyAppointments accessId="access1" clientZone="America/Chicago" /></QueryProvider>);
    expect(await screen.findByText('Inside the 24-hour cancellation window: cancelling now costs $75.00. To move it, call the practice.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
    expect(within(dialog).getByText(/inside Calm Waters’s cancellation window\. If you go on, it is recorded as a late cancellation\./)).toBeVisible();
    expect(within(dialog).getByText('A late-cancellation fee of $75.00 will be added to your balance with the practice.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep appointment' }));
    expect(cancelAppointment).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await user.click(screen.getByRole('button', { name: 'Cancel and accept the $75.00 fee' }));
    expect(cancelAppointment).toHaveBeenCalledWith('access1', 'a1', true);
    expect(await screen.findByText('Cancelled as a late cancellation; a fee of $75.00 applies. Your practice has been told.')).toBeVisible();
  });

  it('outside the window: Reschedule offered, Cancel free of fee and not confirmed as late', async () => {
    const user = userEvent.setup();
    vi.mocked(myBookings).mockResolvedValue({ ...inWindow, appointments: [{ ...inWindow.appointments[0]!, canReschedule: true, cancel: { late: false, fee: null, currency: 'USD' } }] });
    vi.mocked(cancelAppointment).mockResolvedValue({ late: false, fee: null, currency: 'USD' });
    render(<QueryProvider><MyAppointments accessId="access1" clientZone="America/Chicago" /></QueryProvider>);
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(screen.getByText(/will be cancelled and the time given up\. There is no fee\./)).toBeVisible();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel appointment' }));
    expect(cancelAppointment).toHaveBeenCalledWith('access1', 'a1', false);
  });

  it('a request still waiting, its Undo time over: Withdraw asks first, then tells the practice; an answered one has none', async () => {
    const user = userEvent.setup();
    const waiting = { id: 'r1', serviceName: 'Family session', start: '2030-01-10T15:00:00.000Z', status: 'requested' as const, message: null, undoUntil: null };
    vi.mocked(myBookings).mockResolvedValue({ ...inWindow, appointments: [], requests: [waiting, { ...waiting, id: 'r2', status: 'declined', start: '2030-01-11T15:00:00.000Z' }] });
    vi.mocked(withdrawRequest).mockResolvedValue();
    render(<QueryProvider><MyAppointments accessId="access1" clientZone="America/Chicago" /></QueryProvider>);
    await user.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    expect(screen.getAllByRole('button', { name: 'Withdraw request' })).toHaveLength(2);
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this request?' });
    expect(within(dialog).getByText('Your request for Family session on Thu, Jan 10, 2030 at 9:00 AM will be withdrawn and the practice told.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep request' }));
    expect(withdrawRequest).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw request' }));
    expect(withdrawRequest).toHaveBeenCalledWith('access1', 'r1');
    expect(await screen.findByText('Withdrawn. Your practice has been told.')).toBeVisible();
  });
});

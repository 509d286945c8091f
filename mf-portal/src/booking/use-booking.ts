import { useEffect, useState } from 'react';
import { useQuery } from '@cadence/shared-auth/query';
import { useClientUserId } from '../consents/use-consents.ts';
import { listServices, listSlots, myBookings } from './booking-api.ts';

/** Cache keys: a booking, a move, a cancellation or an undo refreshes the client's appointments and the free times. */
export const bookingKeys = {
  all: (userId: string, accessId: string) => ['portal-booking', userId, accessId] as const,
  mine: (userId: string, accessId: string) => ['portal-booking', userId, accessId, 'mine'] as const,
  services: (userId: string, accessId: string) => ['portal-booking', userId, accessId, 'services'] as const,
  slots: (userId: string, accessId: string, serviceId: string) => ['portal-booking', userId, accessId, 'slots', serviceId] as const,
};

export function useMyBookings(accessId: string) {
  const userId = useClientUserId();
  return useQuery({ queryKey: bookingKeys.mine(userId, accessId), queryFn: () => myBookings(accessId), enabled: userId !== '', meta: { failure: 'Appointments failed to load' } });
}

export function useServices(accessId: string) {
  const userId = useClientUserId();
  return useQuery({ queryKey: bookingKeys.services(userId, accessId), queryFn: () => listServices(accessId), enabled: userId !== '', meta: { failure: 'Services failed to load' } });
}

export function useSlots(accessId: string, serviceId: string | null) {
  const userId = useClientUserId();
  return useQuery({
    queryKey: bookingKeys.slots(userId, accessId, serviceId ?? ''), queryFn: () => listSlots(accessId, serviceId ?? ''), enabled: userId !== '' && serviceId !== null,
    meta: { failure: 'Slots failed to load' },
  });
}

/** The clock, once a second while something counts down (the undo time). */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

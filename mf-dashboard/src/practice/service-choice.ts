import type { Service } from './services.ts';

// Which services can be booked and how a picker names them, apart from service-model.ts (colours,
// messages, the suggested services): Today and every picker read only these.

/** Whether a service can be booked: it has a fee and is not archived. */
export function isServiceReady(service: Pick<Service, 'fee' | 'archived'>): boolean {
  return service.fee !== null && !service.archived;
}

/** The services a picker offers: archived ones leave it (they stay on past records). By name, then code. */
export function pickableServices<T extends Pick<Service, 'name' | 'serviceCode' | 'archived'>>(services: readonly T[]): T[] {
  return services
    .filter((service) => !service.archived)
    .sort((a, b) => a.name.localeCompare(b.name) || (a.serviceCode ?? '').localeCompare(b.serviceCode ?? ''));
}

/** How a picker names a service: "Psychotherapy (90834, 45 min)". */
export function serviceLabel(service: Pick<Service, 'name' | 'serviceCode' | 'durationMinutes'>): string {
  const details = [service.serviceCode, `${service.durationMinutes} min`].filter(Boolean).join(', ');
  return `${service.name} (${details})`;
}

import { describe, expect, it } from 'vitest';
import { GET_STARTED, getStartedDone } from './get-started.ts';

describe('Get started checklist (issue #13)', () => {
  it('names the three steps and where each is done', () => {
    expect(GET_STARTED.map((step) => [step.label, step.to])).toEqual([
      ['Set up your practice', '/dashboard/practice'],
      ['Add a service', '/dashboard/practice?tab=services'],
      ['Add a client', '/dashboard/clients/new'],
    ]);
  });

  it('is unknown while loading, and done from the data: settings saved, a service with a fee, a client', () => {
    expect(getStartedDone({})).toEqual({ practice: undefined, service: undefined, client: undefined });
    const unpriced = [{ fee: null, archived: false }];
    expect(getStartedDone({ hasSettings: true, services: unpriced, clientCount: 0 })).toEqual({ practice: true, service: false, client: false });
    expect(getStartedDone({ hasSettings: true, services: [{ fee: 12000, archived: true }], clientCount: 0 }).service).toBe(false);
    expect(getStartedDone({ hasSettings: true, services: [...unpriced, { fee: 0, archived: false }], clientCount: 2 })).toEqual({ practice: true, service: true, client: true });
  });
});

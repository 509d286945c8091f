import { describe, expect, it } from 'vitest';
import { clientTags, filterClients, NO_FILTER, type ClientListClient } from './client-list-view.ts';

const client = (firstName: string, lastName: string, extra: Partial<ClientListClient> = {}): ClientListClient => ({
  firstName, lastName, preferredName: null, email: null, phone: null, status: 'active', tags: [], ...extra,
});

const clients = [
  client('Zoë', 'Nguyen', { email: 'zoe@example.com', tags: ['Evenings'] }),
  client('Ann', 'baker', { status: 'discharged', tags: ['sliding scale'] }),
  client('Robert', 'Chen', { preferredName: 'Bob', phone: '(555) 123-4567', tags: ['evenings', 'Couples'] }),
];
const names = (list: readonly ClientListClient[]) => list.map((c) => c.lastName);

describe('the client list (issue #13: search, filter by status and tag, sort by last name)', () => {
  it('sorts by last name whatever the case, and the other way round when asked', () => {
    expect(names(filterClients(clients, NO_FILTER))).toEqual(['baker', 'Chen', 'Nguyen']);
    expect(names(filterClients(clients, NO_FILTER, { key: 'lastName', direction: 'descending' }))).toEqual(['Nguyen', 'Chen', 'baker']);
    expect(names(clients)).toEqual(['Nguyen', 'baker', 'Chen']);
  });

  it('searches names, preferred name, email and phone as typed', () => {
    expect(names(filterClients(clients, { ...NO_FILTER, query: 'zoe' }))).toEqual(['Nguyen']);
    expect(names(filterClients(clients, { ...NO_FILTER, query: 'bob' }))).toEqual(['Chen']);
    expect(names(filterClients(clients, { ...NO_FILTER, query: 'example.com' }))).toEqual(['Nguyen']);
    expect(names(filterClients(clients, { ...NO_FILTER, query: '555-123' }))).toEqual(['Chen']);
    expect(filterClients(clients, { ...NO_FILTER, query: 'nobody' })).toEqual([]);
  });

  it('filters by status and by tag (case-insensitively), together with the search', () => {
    expect(names(filterClients(clients, { ...NO_FILTER, status: 'discharged' }))).toEqual(['baker']);
    expect(names(filterClients(clients, { ...NO_FILTER, tag: 'evenings' }))).toEqual(['Chen', 'Nguyen']);
    expect(names(filterClients(clients, { query: 'zo', status: 'active', tag: 'EVENINGS' }))).toEqual(['Nguyen']);
  });

  it('a list loaded again (a new array) is sorted again, and a result never shares the array it is kept in', () => {
    const first = filterClients(clients, NO_FILTER);
    first.reverse();
    expect(names(filterClients(clients, NO_FILTER))).toEqual(['baker', 'Chen', 'Nguyen']);
    const reloaded = [...clients, client('Ada', 'Abbott')];
    expect(names(filterClients(reloaded, NO_FILTER))).toEqual(['Abbott', 'baker', 'Chen', 'Nguyen']);
    expect(names(filterClients(reloaded, { ...NO_FILTER, query: 'ada' }))).toEqual(['Abbott']);
  });

  it('offers each tag once, in its first spelling, alphabetically', () => {
    expect(clientTags(clients)).toEqual(['Couples', 'Evenings', 'sliding scale']);
  });
});

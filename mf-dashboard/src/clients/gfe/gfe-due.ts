import { appwrite, attempt, executeFunction, getConfig, Query } from '@cadence/shared-auth';

// Good Faith Estimates as Today reads them (issue 32): the estimates not yet delivered and the ones
// due to be drafted, and what a version is; a client's estimates and their writes are gfe-api.ts.

export const GFE_COLLECTION = 'good_faith_estimates';

export type GfeFrequency = 'weekly' | 'biweekly' | 'monthly';

export interface GfeVersion {
  id: string;
  clientId: string;
  version: number;
  status: 'draft' | 'delivered';
  serviceId: string;
  fee: number;
  currency: string;
  frequency: GfeFrequency;
  months: number;
  startOn: string;
  basis: 'scheduled' | 'requested';
  basisOn: string;
  dueOn: string | null;
  total: number;
  deliveredAt: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function versionOf(doc: Record<string, unknown> & { $id: string }): GfeVersion {
  return {
    id: doc.$id, clientId: str(doc['clientId']), version: Number(doc['version']), status: doc['status'] === 'delivered' ? 'delivered' : 'draft',
    serviceId: str(doc['serviceId']), fee: Number(doc['fee']), currency: str(doc['currency']) || 'USD', frequency: (str(doc['frequency']) || 'weekly') as GfeFrequency,
    months: Number(doc['months']), startOn: str(doc['startOn']), basis: doc['basis'] === 'requested' ? 'requested' : 'scheduled', basisOn: str(doc['basisOn']),
    dueOn: str(doc['dueOn']) || null, total: Number(doc['total']), deliveredAt: str(doc['deliveredAt']) || null,
  };
}

/** The practice's estimates not yet delivered (Today's reminder), soonest due first. */
export async function listUndeliveredGfes(userId: string): Promise<GfeVersion[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: GFE_COLLECTION,
    queries: [Query.equal('userId', userId), Query.equal('status', 'draft'), Query.limit(200)],
  }));
  return page.documents.map((d) => versionOf(d as unknown as Record<string, unknown> & { $id: string }))
    .sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999'));
}

/** What a delivered estimate no longer says of what is booked (a new version is due). */
export interface GfeChange { version: number; currency: string; fee?: { from: number; to: number }; frequency?: { from: string; to: string } }

/** A booked self-pay client with no estimate drafted yet, or whose delivered one no longer holds, and when it is due (the function's gfeDue). */
export interface GfeUndrafted { clientId: string; appointmentId: string; visitOn: string; dueOn: string; change?: GfeChange }

const numberPair = (v: unknown): { from: number; to: number } | undefined => {
  const pair = v as { from?: unknown; to?: unknown } | null | undefined;
  return typeof pair?.from === 'number' && typeof pair.to === 'number' ? { from: pair.from, to: pair.to } : undefined;
};
const textPair = (v: unknown): { from: string; to: string } | undefined => {
  const pair = v as { from?: unknown; to?: unknown } | null | undefined;
  return typeof pair?.from === 'string' && typeof pair.to === 'string' ? { from: pair.from, to: pair.to } : undefined;
};

function changeOf(v: unknown): GfeChange | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const raw = v as Record<string, unknown>;
  const fee = numberPair(raw['fee']);
  const frequency = textPair(raw['frequency']);
  if (!fee && !frequency) return undefined;
  return { version: typeof raw['version'] === 'number' ? raw['version'] : 0, currency: str(raw['currency']) || 'USD', ...(fee ? { fee } : {}), ...(frequency ? { frequency } : {}) };
}

/** Today's reminder for estimates not drafted: booked self-pay clients without one, or whose delivered one no longer holds, soonest due first. */
export async function listUndraftedGfes(): Promise<GfeUndrafted[]> {
  const answer = await executeFunction<{ success?: boolean; due?: unknown }>('goodFaithEstimates', { action: 'due' });
  return (Array.isArray(answer.due) ? answer.due as Record<string, unknown>[] : []).flatMap((d) => {
    const clientId = str(d['clientId']);
    const dueOn = str(d['dueOn']);
    const change = changeOf(d['change']);
    return clientId && dueOn ? [{ clientId, appointmentId: str(d['appointmentId']), visitOn: str(d['visitOn']), dueOn, ...(change ? { change } : {}) }] : [];
  });
}

import { listDocumentPage, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { appointmentFromDocument, type AppointmentDocument } from '../../schedule/appointment.ts';
import { COUNT_CAP, orderQuery, SESSIONS_PAGE_SIZE } from '../session-filter.ts';

function list(queries: string[]): Promise<Models.DocumentList<AppointmentDocument>> {
  return listDocumentPage<AppointmentDocument>({ ...practiceCollection('appointments'), queries, total: false });
}

/**
 * One page of the filter's appointments (`filterQueries`), in date order. Appwrite takes an offset
 * of at most 5,000, so a page further in steps there 5,000 at a time, each step a one-document read
 * (`$id` only) whose id the next read starts after: page 1,000 of 50,000 costs ten small reads.
 */
export async function listSessionsPage(userId: string, filter: string[], order: 'asc' | 'desc', page: number): Promise<AppointmentDocument[]> {
  let skip = (page - 1) * SESSIONS_PAGE_SIZE;
  let cursor: string | null = null;
  const base = [...filter, orderQuery(order)];
  while (skip > COUNT_CAP) {
    const step = await list([...base, Query.select(['$id']), Query.limit(1), Query.offset(COUNT_CAP - 1), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    const anchor = step.documents[0];
    if (!anchor) return [];
    cursor = anchor.$id;
    skip -= COUNT_CAP;
  }
  const found = await list([...base, Query.limit(SESSIONS_PAGE_SIZE), Query.offset(skip), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
  return found.documents.filter((document) => ownedBy(document, userId)).map(appointmentFromDocument);
}

/** Every appointment of the filter, in date order, read 500 at a time (the CSV); `onProgress` hears the count so far. */
export async function listAllSessions(userId: string, filter: string[], order: 'asc' | 'desc', onProgress: (count: number) => void = () => {}): Promise<AppointmentDocument[]> {
  const PAGE = 500;
  const found: AppointmentDocument[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await list([...filter, orderQuery(order), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    for (const document of page.documents) if (ownedBy(document, userId)) found.push(appointmentFromDocument(document));
    onProgress(found.length);
    if (page.documents.length < PAGE) return found;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

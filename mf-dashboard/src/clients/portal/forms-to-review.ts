import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';

// Today's "Forms to review" (issue 31): the submitted requests, read as send-forms wrote them, with only
// what the card shows — not the questionnaire, which the client's Portal tab reads and checks
// (forms-api.ts), so Today loads neither the questionnaires nor the forms model (issue 30).

export interface FormToReview {
  id: string;
  clientId: string;
  title: string;
  sentAt: string;
  submittedAt: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Every submitted form waiting for the therapist's review, oldest first. */
export async function listFormsToReview(userId: string): Promise<FormToReview[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('formRequests'),
    queries: [
      Query.equal('userId', userId), Query.equal('status', 'submitted'), Query.orderAsc('submittedAt'), Query.limit(50),
      Query.select(['$id', '$createdAt', 'userId', 'clientId', 'title', 'status', 'sentAt', 'submittedAt']),
    ],
  }));
  return page.documents.flatMap((doc) => (doc['userId'] === userId && doc['status'] === 'submitted'
    ? [{ id: doc.$id, clientId: text(doc['clientId']) ?? '', title: text(doc['title']) ?? '', sentAt: text(doc['sentAt']) ?? doc.$createdAt, submittedAt: text(doc['submittedAt']) }]
    : []));
}

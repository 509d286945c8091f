import { useState } from 'react';
import { Link, useLocation } from '@cadence/shared-router';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, PageHeader } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { CrisisResources } from './crisis-resources.tsx';
import { MeasureForm } from './measure-form.tsx';
import { submitMeasure, type SubmitResult } from './measures-api.ts';
import { measureKeys, useMeasure, useMeasureRequests } from './use-measures.ts';
import { linkFor, onBehalfOf } from '../home/practice-links.ts';
import { usePracticeLinks } from '../home/use-practice-links.ts';
import { useClientUserId } from '../consents/use-consents.ts';

const T = PORTAL_TEXT.measure;

/** The request id of /portal/measures/:requestId (a random id: nothing about the measure in the address). */
export const measureIdFromPath = (pathname: string): string => /^\/portal\/measures\/([^/]+)/.exec(pathname)?.[1] ?? '';

/**
 * /portal/measures/:requestId (issue 31): the questionnaire in its published wording, answered
 * question by question. On sending, the client is thanked (the score and its band are the
 * therapist's to discuss, not shown here); a PHQ-9 with item 9 above 0 brings the crisis resources
 * at once.
 */
export default function MeasurePage() {
  const requestId = measureIdFromPath(useLocation().pathname);
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  const measure = useMeasure(requestId);
  const links = usePracticeLinks();
  const listed = useMeasureRequests().data?.find((r) => r.id === requestId);
  const forWhom = onBehalfOf(listed ? linkFor(links.data, listed.practiceId, listed.accessId) : undefined);
  const [result, setResult] = useState<SubmitResult | null>(null);

  const submit = async (answers: Record<string, number>) => {
    const answered = await submitMeasure(requestId, answers);
    setResult(answered);
    void queryClient.invalidateQueries({ queryKey: measureKeys.list(userId) });
  };

  const data = measure.data;
  return (
    <div className="portal-page">
      <p><Link to="/portal">{T.back}</Link></p>
      {measure.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {measure.isError ? (
        <Alert tone="error" action={<Button onClick={() => void measure.refetch()}>{PORTAL_TEXT.home.retry}</Button>}>{T.loadFailed}</Alert>
      ) : null}
      {data ? (
        <>
          <PageHeader title={data.measure.title} description={[forWhom, result || data.status === 'submitted' ? null : T.intro].filter(Boolean).join(' · ') || undefined} />
          {result?.crisis ? <CrisisResources country={result.country} /> : null}
          {result && !result.crisis ? <p role="status">{T.thanks}</p> : null}
          {!result && data.status === 'submitted' ? <p>{T.answeredAlready}</p> : null}
          {!result && data.status === 'sent' ? <MeasureForm measure={data.measure} onSubmit={submit} /> : null}
        </>
      ) : null}
    </div>
  );
}

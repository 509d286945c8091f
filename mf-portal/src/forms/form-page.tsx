import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from '@cadence/shared-router';
import { formatDate } from '@cadence/shared-auth';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, PageHeader } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { useClientUserId } from '../consents/use-consents.ts';
import { linkFor, onBehalfOf } from '../home/practice-links.ts';
import { usePracticeLinks } from '../home/use-practice-links.ts';
import { submitForm, type FormRequest } from './forms-api.ts';
import { FormRenderer } from './form-renderer.tsx';
import { FormAnswers } from './form-answers.tsx';
import { answersFrom, fieldMap, type FieldValues } from './form-values.ts';
import { formKeys, useFormRequest, useFormResponse } from './use-forms.ts';
import { useFormDraft } from './use-form-draft.ts';
import './forms.css';

const T = PORTAL_TEXT.form;

/** The request id of /portal/forms/:requestId (a random id: nothing about the form in the address). */
export const formIdFromPath = (pathname: string): string => /^\/portal\/forms\/([^/]+)/.exec(pathname)?.[1] ?? '';

function FillForm({ request, onSubmitted }: { request: FormRequest; onSubmitted: () => void }) {
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  const map = useMemo(() => fieldMap(request.questionnaire), [request.questionnaire]);
  const onSaved = useCallback(() => void queryClient.invalidateQueries({ queryKey: formKeys.list(userId) }), [queryClient, userId]);
  const draft = useFormDraft({ requestId: request.id, questionnaire: request.questionnaire, map, server: { draft: request.draft, revision: request.draftRevision }, onSaved });
  const submit = async (fields: FieldValues) => {
    await submitForm(request.id, answersFrom(map, fields));
    draft.close();
    onSubmitted();
  };
  return (
    <>
      {request.status === 'correction' && request.correctionMessage ? (
        <Alert tone="warning"><strong>{T.correction}</strong> <span className="portal-pre">{request.correctionMessage}</span></Alert>
      ) : null}
      <FormRenderer questionnaire={request.questionnaire} map={map} draft={draft} onSubmit={submit} />
    </>
  );
}

function Submitted({ request, thanks }: { request: FormRequest; thanks: boolean }) {
  const response = useFormResponse(request.responseId);
  return (
    <div className="portal-stack">
      {thanks ? <p role="status">{T.thanks}</p> : null}
      <p>{request.status === 'reviewed' ? T.reviewed : T.submittedOn(formatDate(request.submittedAt ?? request.sentAt))}</p>
      <div className="portal-actions portal-no-print"><Button variant="secondary" onClick={() => window.print()}>{T.print}</Button></div>
      {response.isError ? <Alert tone="error">{T.loadFailed}</Alert> : null}
      {response.data ? <FormAnswers questionnaire={request.questionnaire} response={response.data} /> : null}
    </div>
  );
}

/**
 * /portal/forms/:requestId (issue 31): a form to fill in, saved as the client types, which they can
 * leave and finish later; once submitted, their answers stay viewable and printable (the browser's
 * Save as PDF).
 */
export default function FormPage() {
  const requestId = formIdFromPath(useLocation().pathname);
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  const request = useFormRequest(requestId);
  const [thanks, setThanks] = useState(false);
  const data = request.data;
  const open = data && (data.status === 'sent' || data.status === 'correction');
  const links = usePracticeLinks();
  const forWhom = onBehalfOf(data ? linkFor(links.data, data.practiceId, data.accessId) : undefined);

  const submitted = () => {
    setThanks(true);
    void queryClient.invalidateQueries({ queryKey: formKeys.all(userId) });
  };

  return (
    <div className="portal-page">
      <p className="portal-no-print"><Link to="/portal">{T.back}</Link></p>
      {request.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {request.isError || (request.isSuccess && !data) ? (
        <Alert tone="error" action={<Button onClick={() => void request.refetch()}>{PORTAL_TEXT.home.retry}</Button>}>{T.loadFailed}</Alert>
      ) : null}
      {data ? (
        <>
          <PageHeader title={data.title} description={[forWhom, open ? T.intro : null].filter(Boolean).join(' · ') || undefined} />
          {data.questionnaire.description && open ? <p>{data.questionnaire.description}</p> : null}
          {open ? <FillForm key={data.id} request={data} onSubmitted={submitted} /> : <Submitted request={data} thanks={thanks} />}
        </>
      ) : null}
    </div>
  );
}

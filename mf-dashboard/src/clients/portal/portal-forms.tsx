import { useState, type FormEvent } from 'react';
import { FunctionRefusedError, saveFile } from '@cadence/shared-auth';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, Checkbox, EmptyState, StatusChip, Textarea } from '@cadence/shared-ui';
import { formatInZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import type { CountryCode } from '../../shared/practice-country.ts';
import type { ClientDocument } from '../api/client-document.ts';
import { useUpdateClient } from '../client-mutations.ts';
import {
  askForCorrection, downloadFormUpload, downloadSubmittedForm, getFormResponse, listSentForms, reviewForm, sendPacket, type FormStatus, type SentForm,
} from './forms-api.ts';
import { acceptedChanges, reviewRows, type ReviewRow } from './form-review-rows.ts';
import { PacketChooser } from './packet-chooser.tsx';
import { packetItemOf } from './packet-entries.ts';
import { defaultAudience, type PortalAudience, type PortalPerson } from './portal-access-api.ts';
import { AudienceSelect } from './portal-audience.tsx';
import { usePortalPeople } from './use-portal-access.ts';

export const PORTAL_FORMS_TEXT = {
  title: 'Forms',
  send: 'Send forms',
  sendTitle: 'Send a packet',
  sendHint: 'Tick what to send; the client sees it in this order.',
  sending: 'Sending…',
  sent: 'Sent. The client finds the forms in their portal.',
  nothingChosen: 'Choose at least one form or consent.',
  notInvited: 'Invite the client to the portal to send forms.',
  listFailed: 'The client’s forms could not be loaded.',
  none: 'No forms sent yet.',
  status: { sent: 'Sent', submitted: 'To review', correction: 'Correction asked', reviewed: 'Reviewed' } satisfies Record<FormStatus, string>,
  sentOn: (when: string) => `Sent ${when}`,
  submittedOn: (when: string) => `Submitted ${when}`,
  reviewedOn: (when: string) => `Reviewed ${when}`,
  review: 'Review',
  closeReview: 'Close review',
  reviewTitle: (title: string) => `Review: ${title}`,
  question: 'Question',
  answer: 'Client’s answer',
  record: 'In the record now',
  acceptField: (label: string) => `Accept “${label}” into the record`,
  same: 'Same as the record',
  notMapped: 'Not a record field',
  empty: '(empty)',
  accept: (count: number) => (count === 0 ? 'Mark as reviewed' : count === 1 ? 'Accept 1 field and mark reviewed' : `Accept ${count} fields and mark reviewed`),
  accepting: 'Saving…',
  accepted: (count: number) => (count === 0 ? 'Marked as reviewed. The record was not changed.' : `Accepted into the record: ${count} field${count === 1 ? '' : 's'}.`),
  correction: 'Ask for a correction',
  correctionMessage: 'Message to the client',
  correctionHint: 'The client sees this with the form and can change their answers and submit again.',
  sendCorrection: 'Send back to the client',
  correctionSent: 'Sent back to the client with your message.',
  responseFailed: 'The client’s answers could not be loaded.',
  download: 'Download PDF',
  downloadLabel: (title: string) => `Download PDF: ${title} as submitted`,
  downloading: 'Downloading…',
  downloadFailed: 'The PDF could not be downloaded. Please try again.',
  downloadFile: (name: string) => `Download ${name}`,
  downloadFileFailed: 'The file could not be downloaded. Please try again.',
  failed: 'This could not be saved. Please try again.',
} as const;

const T = PORTAL_FORMS_TEXT;
const TONE: Record<FormStatus, 'info' | 'warning' | 'success' | 'neutral'> = { sent: 'info', submitted: 'warning', correction: 'neutral', reviewed: 'success' };

/** The packet builder: ticked forms and consents in the chosen order, and who it is for. */
function SendPacket({ clientId, onSent, people, dateOfBirth }: { clientId: string; onSent: () => void; people: readonly PortalPerson[]; dateOfBirth?: string | null }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [sentOk, setSentOk] = useState(false);
  const [empty, setEmpty] = useState(false);
  const [audience, setAudience] = useState<PortalAudience | null>(null);
  const shareWith = audience ?? defaultAudience(people, dateOfBirth);
  const send = useMutation({
    mutationFn: () => sendPacket(clientId, chosen.map(packetItemOf).filter((item) => item !== null), shareWith),
    onSuccess: () => {
      setSentOk(true);
      setChosen([]);
      onSent();
    },
  });
  const choose = (next: string[]) => {
    setSentOk(false);
    setEmpty(false);
    setChosen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setEmpty(true);
      return;
    }
    send.mutate();
  };
  const error = send.error instanceof FunctionRefusedError && send.error.reason ? send.error.reason : send.error ? T.failed : null;

  return (
    <form className="clients-forms__send" onSubmit={submit} noValidate aria-labelledby={`send-forms-${clientId}`}>
      <h3 id={`send-forms-${clientId}`}>{T.sendTitle}</h3>
      <p className="clients-muted">{T.sendHint}</p>
      <PacketChooser value={chosen} onChange={choose} />
      {empty ? <Alert tone="error">{T.nothingChosen}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {sentOk && !send.isPending ? <Alert tone="success">{T.sent}</Alert> : null}
      <AudienceSelect people={people} value={shareWith} onChange={setAudience} idPrefix={`packet-${clientId}`} />
      <div><Button type="submit" variant="primary" loading={send.isPending} loadingLabel={T.sending}>{T.send}</Button></div>
    </form>
  );
}

/** The submitted answers as the client's portal offers them (the same PDF). */
function DownloadFormButton({ form }: { form: SentForm }) {
  const download = useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await downloadSubmittedForm(form.responseId ?? '');
      saveFile(blob, fileName);
    },
  });
  return (
    <>
      <Button size="sm" onClick={() => download.mutate()} loading={download.isPending} loadingLabel={T.downloading} aria-label={T.downloadLabel(form.title)}>{T.download}</Button>
      {download.isError ? <Alert tone="error">{T.downloadFailed}</Alert> : null}
    </>
  );
}

/** A file the client uploaded as an answer, downloaded through Storage with the therapist's session. */
function DownloadUploadButton({ file }: { file: NonNullable<ReviewRow['file']> }) {
  const download = useMutation({ mutationFn: async () => saveFile(await downloadFormUpload(file.fileId, file.contentType), file.title) });
  return (
    <>
      <Button size="sm" onClick={() => download.mutate()} loading={download.isPending} loadingLabel={T.downloading}>{T.downloadFile(file.title)}</Button>
      {download.isError ? <Alert tone="error">{T.downloadFileFailed}</Alert> : null}
    </>
  );
}

/** One submitted form beside the record: accept field by field, or send it back with a message. */
export function FormReview({ form, client, country, onDone }: { form: SentForm; client: ClientDocument; country: CountryCode; onDone: (message: string) => void }) {
  const userId = useUserId();
  const response = useQuery({ queryKey: ['form-response', userId, form.responseId], queryFn: () => getFormResponse(form.responseId ?? ''), enabled: form.responseId !== null });
  const update = useUpdateClient(client.$id);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const rows = response.data ? reviewRows(form.questionnaire, response.data, client, country) : [];
  const accept = useMutation({
    mutationFn: async () => {
      const chosen = rows.filter((r) => r.field && accepted.has(r.linkId));
      const result = acceptedChanges(client, country, Object.fromEntries(chosen.map((r) => [r.field ?? '', r.raw])));
      if (!result.ok) {
        setErrors(result.errors);
        return null;
      }
      setErrors({});
      if (chosen.length > 0) await update.mutateAsync(result.changes);
      await reviewForm(form.id, chosen.map((r) => r.field ?? ''));
      return chosen.length;
    },
    onSuccess: (count) => {
      if (count !== null) onDone(T.accepted(count));
    },
  });
  const correct = useMutation({ mutationFn: () => askForCorrection(form.id, message), onSuccess: () => onDone(T.correctionSent) });
  const failure = (e: unknown) => (e instanceof FunctionRefusedError && e.reason ? e.reason : e ? T.failed : null);
  const fieldErrorOf = (field: string | null) => (field ? errors[field] : undefined);

  return (
    <section className="clients-forms__review" aria-label={T.reviewTitle(form.title)}>
      {response.isError ? <Alert tone="error">{T.responseFailed}</Alert> : null}
      {response.data ? (
        <table className="clients-forms__table">
          <caption className="ui-visually-hidden">{T.reviewTitle(form.title)}</caption>
          <thead><tr><th scope="col">{T.question}</th><th scope="col">{T.answer}</th><th scope="col">{T.record}</th></tr></thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.linkId}>
                <th scope="row">{row.label}</th>
                <td>{row.file ? <DownloadUploadButton file={row.file} /> : row.answer}</td>
                <td>
                  {row.field === null ? <span className="clients-muted">{T.notMapped}</span> : (
                    <>
                      <span>{row.current || <span className="clients-muted">{T.empty}</span>}</span>
                      {row.same ? <span className="clients-muted"> · {T.same}</span> : (
                        <Checkbox
                          label={T.acceptField(row.label)} checked={accepted.has(row.linkId)} error={fieldErrorOf(row.field)}
                          onChange={(e) => setAccepted((set) => {
                            const next = new Set(set);
                            if (e.target.checked) next.add(row.linkId);
                            else next.delete(row.linkId);
                            return next;
                          })}
                        />
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {errors[''] ? <Alert tone="error">{errors['']}</Alert> : null}
      {failure(accept.error) ? <Alert tone="error">{failure(accept.error)}</Alert> : null}
      <div className="clients-forms__actions">
        <Button variant="primary" onClick={() => accept.mutate()} loading={accept.isPending} loadingLabel={T.accepting} disabled={!response.data}>
          {T.accept(rows.filter((r) => r.field && accepted.has(r.linkId)).length)}
        </Button>
      </div>
      <form className="clients-forms__correction" noValidate onSubmit={(e) => { e.preventDefault(); if (message.trim()) correct.mutate(); }}>
        <Textarea label={T.correctionMessage} hint={T.correctionHint} value={message} maxLength={2000} rows={3} onChange={(e) => setMessage(e.target.value)} />
        {failure(correct.error) ? <Alert tone="error">{failure(correct.error)}</Alert> : null}
        <div><Button type="submit" disabled={!message.trim()} loading={correct.isPending} loadingLabel={T.accepting}>{T.sendCorrection}</Button></div>
      </form>
    </section>
  );
}

/**
 * Issue 31, a client's Portal tab: send a packet of forms and consents, the client's forms with
 * their state, and Review for a submitted one — nothing reaches the record without it.
 */
export function PortalForms({ client, timeZone, country }: { client: ClientDocument; timeZone: string; country: CountryCode }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const access = usePortalPeople(client.$id);
  const listKey = ['form-requests', userId, client.$id] as const;
  const forms = useQuery({ queryKey: listKey, queryFn: () => listSentForms(userId, client.$id), enabled: userId !== '' });
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const when = (instant: string) => formatInZone(instant, timeZone, { show: 'date' });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: ['forms-to-review', userId] });
    void queryClient.invalidateQueries({ queryKey: ['consent-requests', userId, client.$id] });
  };
  const dateOf = (form: SentForm) => (form.status === 'reviewed' && form.reviewedAt ? T.reviewedOn(when(form.reviewedAt))
    : form.status === 'submitted' && form.submittedAt ? T.submittedOn(when(form.submittedAt)) : T.sentOn(when(form.sentAt)));

  return (
    <section className="clients-portal clients-forms" aria-labelledby={`forms-${client.$id}`}>
      <h2 id={`forms-${client.$id}`}>{T.title}</h2>
      {access.isSuccess && access.data.length === 0 ? <p className="clients-muted">{T.notInvited}</p> : null}
      {access.data?.length ? <SendPacket clientId={client.$id} onSent={refresh} people={access.data} dateOfBirth={client.dateOfBirth} /> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {forms.isError ? <p className="clients-muted">{T.listFailed}</p> : null}
      {forms.isSuccess && forms.data.length === 0 ? <EmptyState icon="empty">{T.none}</EmptyState> : null}
      {forms.isSuccess && forms.data.length > 0 ? (
        <ul className="clients-consents__list" aria-label={T.title}>
          {forms.data.map((form) => (
            <li key={form.id} className="clients-forms__item">
              <div className="clients-consents__item">
                <span className="clients-consents__title">{form.title}</span>
                <StatusChip tone={TONE[form.status]} label={T.status[form.status]} />
                <span className="clients-muted">{dateOf(form)}</span>
                {form.status === 'submitted' ? (
                  <Button size="sm" aria-expanded={open === form.id} onClick={() => { setDone(null); setOpen(open === form.id ? null : form.id); }}>
                    {open === form.id ? T.closeReview : T.review}
                  </Button>
                ) : null}
                {form.responseId ? <DownloadFormButton form={form} /> : null}
              </div>
              {open === form.id && form.status === 'submitted' ? (
                <FormReview form={form} client={client} country={country} onDone={(message) => { setOpen(null); setDone(message); refresh(); }} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

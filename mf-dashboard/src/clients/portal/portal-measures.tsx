import { useState, type FormEvent } from 'react';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, EmptyState, Select, StatusChip } from '@cadence/shared-ui';
import { formatInZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { INSTRUMENT_BANDS, INSTRUMENT_IDS, isInstrumentId, type InstrumentId } from './measure-bands.ts';
import { MeasureScores } from './measure-scores.tsx';
import './measures.css';
import { scheduleMeasure, sendMeasure, type Cadence, type MeasureRequest } from './measures-api.ts';
import { defaultAudience, type PortalAudience } from './portal-access-api.ts';
import { AudienceSelect } from './portal-audience.tsx';
import { usePortalPeople } from './use-portal-access.ts';
import { measureKeys, useMeasureRequests, useMeasureResponses, useMeasureSchedules } from './use-measures.ts';

export const PORTAL_MEASURES_TEXT = {
  title: 'Questionnaires',
  instrument: 'Questionnaire',
  choose: 'Choose a questionnaire…',
  when: 'When',
  once: 'Once, now',
  every: 'Before every appointment',
  everyOther: 'Before every other appointment',
  scheduleHint: 'Scheduled ones go out 5 days before the appointment, due 48 hours before it, with an email that does not name the questionnaire.',
  send: 'Send',
  schedule: 'Schedule',
  saving: 'Saving…',
  sent: 'Sent. The client finds it in their portal.',
  scheduled: 'Scheduled. Each goes out without you doing anything.',
  stop: 'Stop',
  stopped: 'Stopped.',
  schedules: 'Schedules',
  notInvited: 'Invite the client to the portal to send questionnaires.',
  requests: 'Sent',
  none: 'No questionnaires sent yet.',
  statusSent: 'Waiting',
  statusSubmitted: 'Answered',
  statusWithdrawn: 'Withdrawn',
  withdrawnNote: 'its appointment was cancelled; the client no longer sees it',
  sentOn: (when: string) => `Sent ${when}`,
  dueBy: (when: string) => `due ${when}`,
  answeredOn: (when: string) => `Answered ${when}`,
  listFailed: 'The client’s questionnaires could not be loaded.',
  failed: 'That did not work. Please try again.',
} as const;

const T = PORTAL_MEASURES_TEXT;
const CADENCE_TEXT: Record<Cadence, string> = { every: T.every, every_other: T.everyOther };
const STATUS_LABEL: Record<MeasureRequest['status'], string> = { sent: T.statusSent, submitted: T.statusSubmitted, withdrawn: T.statusWithdrawn };
const STATUS_TONE: Record<MeasureRequest['status'], 'success' | 'info' | 'neutral'> = { sent: 'info', submitted: 'success', withdrawn: 'neutral' };

/**
 * Issue 31, a client's Portal tab: send a measure once or schedule it before every (or every other)
 * appointment, what was sent and answered, and the scores over time.
 */
export function PortalMeasures({ clientId, timeZone, dateOfBirth }: { clientId: string; timeZone: string; dateOfBirth?: string | null }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const access = usePortalPeople(clientId);
  const invited = (access.data?.length ?? 0) > 0;
  const [audience, setAudience] = useState<PortalAudience | null>(null);
  const shareWith = audience ?? defaultAudience(access.data ?? [], dateOfBirth);
  const requests = useMeasureRequests(clientId);
  const responses = useMeasureResponses(clientId);
  const schedules = useMeasureSchedules(clientId);
  const [instrument, setInstrument] = useState<InstrumentId | ''>('');
  const [when, setWhen] = useState<'once' | Cadence>('once');
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: measureKeys.client(userId, clientId) });

  const save = useMutation({
    mutationFn: async (input: { instrument: InstrumentId; when: 'once' | Cadence | 'none' }) => {
      if (input.when === 'once') await sendMeasure(clientId, input.instrument, shareWith);
      else await scheduleMeasure(clientId, input.instrument, input.when);
      return input.when;
    },
    onSuccess: (saved) => {
      setDone(saved === 'once' ? T.sent : saved === 'none' ? T.stopped : T.scheduled);
      if (saved !== 'none') setInstrument('');
      refresh();
    },
  });
  const error = save.error instanceof FunctionRefusedError && save.error.reason ? save.error.reason : save.error ? T.failed : null;
  const when2 = (instant: string) => formatInZone(instant, timeZone, { show: 'date' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!instrument) return;
    setDone(null);
    save.mutate({ instrument, when });
  };

  return (
    <section className="clients-portal clients-measures" aria-labelledby={`measures-${clientId}`}>
      <h2 id={`measures-${clientId}`}>{T.title}</h2>
      {access.isSuccess && !invited ? <p className="clients-muted">{T.notInvited}</p> : null}
      {invited ? (
        <form className="clients-measures__send" onSubmit={submit} noValidate>
          <Select
            label={T.instrument} placeholder={T.choose} value={instrument} onChange={(event) => setInstrument(isInstrumentId(event.target.value) ? event.target.value : '')}
            options={INSTRUMENT_IDS.map((id) => ({ value: id, label: INSTRUMENT_BANDS[id].name }))}
          />
          <Select
            label={T.when} value={when} hint={when === 'once' ? undefined : T.scheduleHint}
            onChange={(event) => setWhen(event.target.value === 'every' || event.target.value === 'every_other' ? event.target.value : 'once')}
            options={[{ value: 'once', label: T.once }, { value: 'every', label: T.every }, { value: 'every_other', label: T.everyOther }]}
          />
          {when === 'once' ? <AudienceSelect people={access.data ?? []} value={shareWith} onChange={setAudience} idPrefix={`measures-${clientId}`} /> : null}
          <Button type="submit" variant="primary" disabled={!instrument} loading={save.isPending} loadingLabel={T.saving}>{when === 'once' ? T.send : T.schedule}</Button>
        </form>
      ) : null}
      {done && !save.isPending ? <Alert tone="success">{done}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {schedules.isSuccess && schedules.data.length > 0 ? (
        <>
          <h3>{T.schedules}</h3>
          <ul className="clients-measures__list" aria-label={T.schedules}>
            {schedules.data.map((s) => (
              <li key={s.instrument} className="clients-measures__item">
                <span>{`${INSTRUMENT_BANDS[s.instrument].name}: ${CADENCE_TEXT[s.cadence]}`}</span>
                <Button size="sm" onClick={() => { setDone(null); save.mutate({ instrument: s.instrument, when: 'none' }); }} aria-label={`${T.stop}: ${INSTRUMENT_BANDS[s.instrument].name}`}>{T.stop}</Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {requests.isError || responses.isError ? <p className="clients-muted">{T.listFailed}</p> : null}
      {requests.isSuccess && requests.data.length === 0 ? <EmptyState icon="empty">{T.none}</EmptyState> : null}
      {requests.isSuccess && requests.data.length > 0 ? (
        <>
          <h3>{T.requests}</h3>
          <ul className="clients-measures__list" aria-label={T.requests}>
            {requests.data.slice(0, 10).map((r) => (
              <li key={r.id} className="clients-measures__item">
                <span>{INSTRUMENT_BANDS[r.instrument].name}</span>
                <StatusChip tone={STATUS_TONE[r.status]} label={STATUS_LABEL[r.status]} />
                <span className="clients-muted">
                  {r.status === 'submitted' && r.submittedAt
                    ? T.answeredOn(when2(r.submittedAt))
                    : `${T.sentOn(when2(r.sentAt))}${r.status === 'withdrawn' ? `; ${T.withdrawnNote}` : r.dueAt ? `, ${T.dueBy(when2(r.dueAt))}` : ''}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {responses.isSuccess ? <MeasureScores responses={responses.data} timeZone={timeZone} /> : null}
    </section>
  );
}

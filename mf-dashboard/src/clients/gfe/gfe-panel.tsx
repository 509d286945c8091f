import { useState, type FormEvent } from 'react';
import { FunctionRefusedError, formatDate, saveFile } from '@cadence/shared-auth';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, DateInput, RadioGroup, Select, StatusChip, TextInput } from '@cadence/shared-ui';
import { FREQUENCY_LABELS, SELF_PAY_QUESTION } from '../../../../backend/functions/lib/good-faith-estimate.js';
import { formatMoney } from '@cadence/shared-auth/money';
import { useServices } from '../../practice/practice-queries.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import type { ClientDocument } from '../api/client-document.ts';
import { clientKeys } from '../client-queries.ts';
import { deliverGfe, draftGfe, gfePdf, listGfeVersions, saveSelfPay } from './gfe-api.ts';
import type { GfeFrequency, GfeVersion } from './gfe-due.ts';

export const GFE_TEXT = {
  title: 'Good Faith Estimate',
  insurance: SELF_PAY_QUESTION,
  yes: 'Yes, with insurance',
  no: 'No, self-pay',
  notSelfPay: 'A Good Faith Estimate is for self-pay clients (No Surprises Act).',
  service: 'Service',
  chooseService: 'Choose a service…',
  frequency: 'Expected frequency',
  months: 'Months covered (1–12)',
  startOn: 'First session',
  basis: 'Due because',
  scheduled: 'A session was scheduled on',
  requested: 'The client asked for an estimate on',
  basisOn: 'Date scheduled or asked',
  draft: 'Draft estimate',
  newVersion: 'Draft a new version',
  drafting: 'Drafting…',
  deliver: 'Deliver to the client’s portal',
  delivering: 'Delivering…',
  download: 'Download PDF',
  downloading: 'Downloading…',
  missing: (what: string) => `Before it can be delivered, add ${what}.`,
  none: 'No estimate yet.',
  due: (date: string) => `Due ${date}`,
  delivered: (date: string) => `Delivered ${date}`,
  version: (n: number, total: string) => `Version ${n} · ${total}`,
  failed: 'That didn’t work. Please try again.',
} as const;

const T = GFE_TEXT;
const FREQUENCY_OPTIONS = (Object.keys(FREQUENCY_LABELS) as GfeFrequency[]).map((value) => ({ value, label: FREQUENCY_LABELS[value] }));
const today = () => new Date().toISOString().slice(0, 10);
const reason = (e: unknown) => (e instanceof FunctionRefusedError ? e.message : T.failed);

function VersionRow({ estimate, onChanged }: { estimate: GfeVersion; onChanged: () => Promise<unknown> }) {
  const deliver = useMutation({ mutationFn: () => deliverGfe(estimate.id), onSuccess: onChanged });
  const download = useMutation({ mutationFn: async () => { const { blob, fileName } = await gfePdf(estimate.id); saveFile(blob, fileName); } });
  return (
    <li className="gfe-panel__version">
      <span>{T.version(estimate.version, formatMoney(estimate.total, estimate.currency))}</span>{' '}
      <StatusChip
        tone={estimate.status === 'delivered' ? 'success' : 'warning'}
        label={estimate.status === 'delivered' && estimate.deliveredAt ? T.delivered(formatDate(estimate.deliveredAt)) : estimate.dueOn ? T.due(formatDate(estimate.dueOn)) : 'Draft'}
      />{' '}
      <Button size="sm" onClick={() => download.mutate()} loading={download.isPending} loadingLabel={T.downloading} aria-label={`${T.download}: version ${estimate.version}`}>{T.download}</Button>{' '}
      {estimate.status === 'draft' ? (
        <Button size="sm" variant="primary" onClick={() => deliver.mutate()} loading={deliver.isPending} loadingLabel={T.delivering}>{T.deliver}</Button>
      ) : null}
      {deliver.isError ? <Alert tone="error">{reason(deliver.error)}</Alert> : null}
      {download.isError ? <Alert tone="error">{reason(download.error)}</Alert> : null}
    </li>
  );
}

/**
 * Issue 32, the client's Billing tab: the insurance question (No makes the client self-pay) and,
 * for a self-pay client, their Good Faith Estimate — draft, deliver, download, each version with its
 * due or delivery date.
 */
export function GfePanel({ client }: { client: ClientDocument }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const stored = (client as unknown as { selfPay?: unknown }).selfPay;
  const [selfPay, setSelfPay] = useState<boolean | null>(typeof stored === 'boolean' ? stored : null);
  const key = ['gfe', userId, client.$id];
  const versions = useQuery({ queryKey: key, queryFn: () => listGfeVersions(userId, client.$id), enabled: userId !== '' && selfPay === true });
  const services = useServices();
  const latest = versions.data?.[0];
  const [form, setForm] = useState({
    serviceId: client.defaultServiceId ?? '', frequency: 'weekly' as GfeFrequency, months: '12', startOn: '', basis: 'scheduled' as 'scheduled' | 'requested', basisOn: today(),
  });
  const [missing, setMissing] = useState<string[]>([]);
  // Today's reminders (drafts to deliver, bookings with none drafted) follow every change here.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['gfe', userId] });
  const answer = useMutation({
    mutationFn: async (value: boolean) => { await saveSelfPay(client.$id, value); return value; },
    onSuccess: async (value) => { setSelfPay(value); await Promise.all([queryClient.invalidateQueries({ queryKey: clientKeys.all(userId) }), refresh()]); },
  });
  const draft = useMutation({
    mutationFn: () => draftGfe({ clientId: client.$id, serviceId: form.serviceId, frequency: form.frequency, months: Number(form.months), startOn: form.startOn, basis: form.basis, basisOn: form.basisOn }),
    onSuccess: async (answer) => { setMissing(answer.missing); await refresh(); },
  });
  const submit = (event: FormEvent) => { event.preventDefault(); draft.mutate(); };
  const headingId = `${client.$id}-gfe`;
  return (
    <section className="gfe-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.title}</h2>
      <RadioGroup
        label={T.insurance}
        orientation="horizontal"
        options={[{ value: 'insurance', label: T.yes }, { value: 'self-pay', label: T.no }]}
        value={selfPay === null ? null : selfPay ? 'self-pay' : 'insurance'}
        onChange={(value) => answer.mutate(value === 'self-pay')}
        disabled={answer.isPending}
      />
      {answer.isError ? <Alert tone="error">{T.failed}</Alert> : null}
      {selfPay === false ? <p>{T.notSelfPay}</p> : null}
      {selfPay === true ? (
        <>
          {versions.data && versions.data.length === 0 ? <p>{T.none}</p> : null}
          <ul className="gfe-panel__versions">
            {versions.data?.map((estimate) => <VersionRow key={estimate.id} estimate={estimate} onChanged={refresh} />)}
          </ul>
          {missing.length ? <Alert tone="warning">{T.missing(missing.join(', '))}</Alert> : null}
          <form className="gfe-panel__form" onSubmit={submit} noValidate>
            <Select label={T.service} placeholder={T.chooseService} value={form.serviceId} onChange={(e) => setForm({ ...form, serviceId: e.target.value })}
              options={(services.data ?? []).map((s) => ({ value: s.$id, label: s.name }))} />
            <Select label={T.frequency} value={form.frequency} onChange={(e) => setForm({ ...form, frequency: e.target.value as GfeFrequency })} options={FREQUENCY_OPTIONS} />
            <TextInput label={T.months} type="number" min={1} max={12} value={form.months} onChange={(e) => setForm({ ...form, months: e.target.value })} />
            <DateInput label={T.startOn} value={form.startOn} onChange={(e) => setForm({ ...form, startOn: e.target.value })} />
            <RadioGroup label={T.basis} value={form.basis} onChange={(value) => setForm({ ...form, basis: value === 'requested' ? 'requested' : 'scheduled' })}
              options={[{ value: 'scheduled', label: T.scheduled }, { value: 'requested', label: T.requested }]} />
            <DateInput label={T.basisOn} value={form.basisOn} onChange={(e) => setForm({ ...form, basisOn: e.target.value })} />
            {draft.isError ? <Alert tone="error">{reason(draft.error)}</Alert> : null}
            <Button type="submit" loading={draft.isPending} loadingLabel={T.drafting}>{latest?.status === 'delivered' ? T.newVersion : T.draft}</Button>
          </form>
        </>
      ) : null}
    </section>
  );
}

import { Link } from '@cadence/shared-router';
import { formatDate } from '@cadence/shared-auth';
import { progressOf } from '@cadence/shared-auth/forms';
import { Alert, Button, Card, EmptyState } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { useConsentRequests } from '../consents/use-consents.ts';
import type { FormRequest, Packet } from './forms-api.ts';
import { packetItem } from './packet-items.ts';
import { useFormRequests, usePackets } from './use-forms.ts';

const T = PORTAL_TEXT.forms;

interface Row { key: string; title: string; to: string; done: boolean; note: string }

function formRow(form: FormRequest): Row {
  const open = form.status === 'sent' || form.status === 'correction';
  const { answered, total } = progressOf(form.questionnaire, form.draft);
  return {
    key: `form:${form.id}`, title: form.title, to: `/portal/forms/${form.id}`, done: !open,
    note: form.status === 'correction' ? T.correction : open ? (answered ? T.answered(answered, total) : T.notStarted) : T.submitted(formatDate(form.submittedAt ?? form.sentAt)),
  };
}

/**
 * One practice's forms on the portal's home (issue 31): each packet's forms and documents in the
 * order the therapist chose, with how far the client is; forms sent outside a packet after them.
 */
export function PracticeForms({ accessId, practiceId }: { accessId: string; practiceId: string }) {
  const forms = useFormRequests();
  const packets = usePackets();
  const consents = useConsentRequests();
  const mine = (forms.data ?? []).filter((f) => f.accessId === accessId && f.practiceId === practiceId);
  const byId = new Map(mine.map((f) => [f.id, f]));
  const consentById = new Map((consents.data ?? []).map((c) => [c.id, c]));
  const myPackets = (packets.data ?? []).filter((p: Packet) => p.accessId === accessId && p.practiceId === practiceId);
  const listed = new Set<string>();
  const groups = myPackets.map((packet) => {
    const rows = packet.items.flatMap((entry): Row[] => {
      const item = packetItem(entry);
      const form = item?.kind === 'form' ? byId.get(item.id) : undefined;
      if (form) {
        listed.add(form.id);
        return [formRow(form)];
      }
      const consent = item?.kind === 'consent' ? consentById.get(item.id) : undefined;
      return consent ? [{
        key: entry, title: consent.title, to: `/portal/documents/${consent.id}`, done: consent.status === 'signed',
        note: consent.status === 'signed' ? T.signed : T.toSign,
      }] : [];
    });
    return { id: packet.id, sentAt: packet.sentAt, rows };
  });
  const loose = mine.filter((f) => !listed.has(f.id)).map(formRow);
  if (loose.length) groups.push({ id: 'loose', sentAt: '', rows: loose });
  const failed = forms.isError || packets.isError;

  return (
    <Card title={T.title} headingLevel={3}>
      <div className="portal-stack">
        {failed ? (
          <Alert tone="error" action={<Button onClick={() => { void forms.refetch(); void packets.refetch(); }}>{PORTAL_TEXT.home.retry}</Button>}>{T.failed}</Alert>
        ) : null}
        {forms.isSuccess && packets.isSuccess && groups.length === 0 ? <EmptyState icon="empty">{T.none}</EmptyState> : null}
        {groups.map((group) => {
          const done = group.rows.filter((r) => r.done).length;
          return (
            <section key={group.id} aria-label={group.sentAt ? T.packet(formatDate(group.sentAt)) : T.title}>
              <p className="portal-muted">
                {group.sentAt ? `${T.packet(formatDate(group.sentAt))} · ` : ''}{T.done(done, group.rows.length)}
              </p>
              <progress className="portal-progress" max={group.rows.length} value={done} aria-label={T.done(done, group.rows.length)} />
              <ol className="portal-list">
                {group.rows.map((row) => (
                  <li key={row.key}>
                    <Link to={row.to}>{row.title}</Link>
                    <span className="portal-muted"> · {row.note}</span>
                  </li>
                ))}
              </ol>
            </section>
          );
        })}
      </div>
    </Card>
  );
}

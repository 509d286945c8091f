import { useState } from 'react';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { formatMoney } from '@cadence/shared-auth/money';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, Card, ConfirmDialog, EmptyState, StatusChip } from '@cadence/shared-ui';
import { useClientUserId } from '../consents/use-consents.ts';
import { PORTAL_TEXT } from '../portal-texts.ts';
import {
  cancelAppointment, LateCancelError, rescheduleAppointment, SlotTakenError, undoBooking, withdrawRequest, type BookingRequest, type CancelTerms, type UpcomingAppointment,
} from './booking-api.ts';
import { timeLeft, whenLabel } from './booking-model.ts';
import { SlotPicker } from './slot-picker.tsx';
import { bookingKeys, useMyBookings, useNow, useSlots } from './use-booking.ts';

const T = PORTAL_TEXT.booking;

const REQUEST_LINE: Record<BookingRequest['status'], (practice: string) => string> = {
  requested: T.requestWaiting, approved: () => T.requestApproved, declined: () => T.requestDeclined, withdrawn: () => T.requestWithdrawn,
};

const feeText = (terms: CancelTerms) => (terms.fee ? formatMoney(terms.fee, terms.currency) : null);

/** Moving one appointment: its service's free times (itself not counted as busy), then Move. */
function Reschedule({ accessId, appointment, clientZone, practiceZone, onDone, onClose }: {
  accessId: string; appointment: UpcomingAppointment; clientZone: string; practiceZone: string; onDone: (message: string) => void; onClose: () => void;
}) {
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  const slots = useSlots(accessId, appointment.serviceId);
  const [start, setStart] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'taken' | 'failed' | null>(null);
  const available = (slots.data ?? []).filter((s) => s.start !== appointment.start);
  const move = async () => {
    if (!start) return;
    setBusy(true);
    setError(null);
    try {
      await rescheduleAppointment(accessId, appointment.id, start);
      onDone(T.moved(whenLabel(start, clientZone, practiceZone)));
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all(userId, accessId) });
    } catch (e) {
      if (e instanceof SlotTakenError) {
        queryClient.setQueryData(bookingKeys.slots(userId, accessId, appointment.serviceId), e.slots);
        setStart(null);
        setError('taken');
      } else {
        console.error('Reschedule failed', e);
        setError('failed');
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="portal-stack portal-reschedule" aria-label={T.rescheduleTitle(appointment.serviceName ?? '')}>
      {error === 'taken' ? <Alert tone="warning" title={T.taken}>{T.takenNext}</Alert> : null}
      {error === 'failed' ? <Alert tone="error">{T.failed}</Alert> : null}
      {slots.isPending ? <p role="status" className="portal-muted">{T.slotsLoading}</p> : null}
      {slots.isError ? <Alert tone="error" action={<Button onClick={() => void slots.refetch()}>{T.retry}</Button>}>{T.slotsFailed}</Alert> : null}
      {slots.isSuccess && available.length === 0 ? <EmptyState icon="empty">{T.noSlots}</EmptyState> : null}
      {available.length > 0 ? <SlotPicker slots={available} clientZone={clientZone} practiceZone={practiceZone} selected={start} onSelect={setStart} /> : null}
      <div className="portal-actions">
        {start ? <Button variant="primary" onClick={() => void move()} loading={busy} loadingLabel={T.moving}>{T.move(whenLabel(start, clientZone, practiceZone))}</Button> : null}
        <Button onClick={onClose} disabled={busy}>{T.keep}</Button>
      </div>
    </section>
  );
}

/**
 * The client's coming appointments with one practice (issue 32), each with Reschedule and Cancel
 * while the practice's cancellation window allows, Undo for 5 minutes after booking, and the
 * late-cancel fee stated before a cancellation inside the window; then their requests and the
 * practice's answers. What may be done, and what it costs, is book-slot's answer.
 */
export function MyAppointments({ accessId, clientZone }: { accessId: string; clientZone: string }) {
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  const mine = useMyBookings(accessId);
  const [moving, setMoving] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<{ appointment: UpcomingAppointment; terms: CancelTerms } | null>(null);
  const [withdrawing, setWithdrawing] = useState<BookingRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const data = mine.data;
  const ticking = Boolean(data && [...data.appointments, ...data.requests].some((x) => x.undoUntil));
  const now = useNow(ticking);
  const practiceZone = data?.timeZone ?? clientZone;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all(userId, accessId) });
  const when = (start: string) => whenLabel(start, clientZone, practiceZone);

  const undo = async (requestId: string) => {
    setBusy(true);
    try {
      await undoBooking(accessId, requestId);
      setNotice({ tone: 'success', text: T.undone });
      refresh();
    } catch (e) {
      console.error('Undo failed', e);
      setNotice({ tone: 'error', text: e instanceof FunctionRefusedError && e.reason ? e.reason : T.failed });
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async () => {
    if (!withdrawing) return;
    setBusy(true);
    try {
      await withdrawRequest(accessId, withdrawing.id);
      setNotice({ tone: 'success', text: T.withdrawn });
    } catch (e) {
      console.error('Withdraw failed', e);
      setNotice({ tone: 'error', text: e instanceof FunctionRefusedError && e.reason ? e.reason : T.failed });
    } finally {
      setWithdrawing(null);
      setBusy(false);
      refresh();
    }
  };

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      const done = await cancelAppointment(accessId, cancelling.appointment.id, cancelling.terms.late);
      setNotice({ tone: 'success', text: done.late ? T.cancelledLate(done.fee ? formatMoney(done.fee, done.currency) : null) : T.cancelled });
      setCancelling(null);
      refresh();
    } catch (e) {
      // The window was reached while the page was open: the new terms, asked again.
      if (e instanceof LateCancelError) setCancelling({ appointment: cancelling.appointment, terms: e.terms });
      else {
        console.error('Cancel failed', e);
        setCancelling(null);
        setNotice({ tone: 'error', text: T.failed });
        refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const terms = cancelling?.terms;
  return (
    <Card title={T.yours} headingLevel={2}>
      <div className="portal-stack">
        {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)} dismissLabel="Dismiss">{notice.text}</Alert> : null}
        {mine.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
        {mine.isError ? <Alert tone="error" action={<Button onClick={() => void mine.refetch()}>{T.retry}</Button>}>{T.mineFailed}</Alert> : null}
        {data && data.appointments.length === 0 ? <EmptyState icon="empty">{T.noneBooked}</EmptyState> : null}
        {data && data.appointments.length > 0 ? (
          <ul className="portal-list portal-appointments">
            {data.appointments.map((a) => {
              const left = timeLeft(a.undoUntil, now);
              return (
                <li key={a.id} className="portal-appointment">
                  <p className="portal-appointment__when">{when(a.start)}</p>
                  <p className="portal-muted">{a.serviceName}</p>
                  {a.cancel.late ? <p>{T.lateNote(data.cancellationWindowHours, feeText(a.cancel))}</p> : null}
                  <div className="portal-actions">
                    {left && a.requestId ? <Button variant="primary" onClick={() => void undo(a.requestId ?? '')} loading={busy} loadingLabel={T.undoing}>{T.undo(left)}</Button> : null}
                    {a.canReschedule ? <Button onClick={() => setMoving(moving === a.id ? null : a.id)} aria-expanded={moving === a.id}>{T.reschedule}</Button> : null}
                    <Button variant="danger" onClick={() => setCancelling({ appointment: a, terms: a.cancel })}>{T.cancel}</Button>
                  </div>
                  {moving === a.id ? (
                    <Reschedule
                      accessId={accessId} appointment={a} clientZone={clientZone} practiceZone={practiceZone}
                      onDone={(text) => { setMoving(null); setNotice({ tone: 'success', text }); }} onClose={() => setMoving(null)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {data && data.requests.length > 0 ? (
          <>
            <h3 className="portal-subheading">{T.requests}</h3>
            <ul className="portal-list portal-appointments">
              {data.requests.map((r) => {
                const left = timeLeft(r.undoUntil, now);
                return (
                  <li key={r.id} className="portal-appointment">
                    <p className="portal-appointment__when">{when(r.start)} <StatusChip tone={r.status === 'declined' ? 'danger' : r.status === 'approved' ? 'success' : r.status === 'withdrawn' ? 'neutral' : 'info'} label={T.status[r.status]} /></p>
                    <p className="portal-muted">{r.serviceName}</p>
                    <p>{REQUEST_LINE[r.status](data.practiceName)}</p>
                    {r.message ? <p><span className="portal-muted">{T.messageFrom(data.practiceName)}</span> {r.message}</p> : null}
                    {left ? <div className="portal-actions"><Button onClick={() => void undo(r.id)} loading={busy} loadingLabel={T.undoing}>{T.undo(left)}</Button></div> : null}
                    {!left && r.status === 'requested' ? <div className="portal-actions"><Button onClick={() => setWithdrawing(r)}>{T.withdraw}</Button></div> : null}
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={withdrawing !== null}
        title={T.withdrawTitle}
        description={withdrawing ? T.withdrawText(withdrawing.serviceName ?? '', when(withdrawing.start)) : ''}
        confirmLabel={T.withdraw}
        cancelLabel={T.withdrawKeep}
        loading={busy}
        loadingLabel={T.withdrawing}
        onConfirm={() => void withdraw()}
        onCancel={() => setWithdrawing(null)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={T.cancelTitle}
        description={cancelling && terms
          ? (terms.late ? T.cancelLate(data?.cancellationWindowHours ?? 0, data?.practiceName ?? '', when(cancelling.appointment.start)) : T.cancelFree(when(cancelling.appointment.start)))
          : ''}
        confirmLabel={terms?.late && terms.fee ? T.cancelConfirmFee(formatMoney(terms.fee, terms.currency)) : T.cancelConfirm}
        cancelLabel={T.cancelKeep}
        loading={busy}
        loadingLabel={T.cancelling}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(null)}
      >
        {terms?.late ? <p>{terms.fee ? T.lateFee(formatMoney(terms.fee, terms.currency)) : T.lateNoFee}</p> : null}
      </ConfirmDialog>
    </Card>
  );
}

import { useRef, useState } from 'react';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, Card, EmptyState, RadioGroup } from '@cadence/shared-ui';
import { useClientUserId } from '../consents/use-consents.ts';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { bookSlot, SlotTakenError, undoBooking, type Booked } from './booking-api.ts';
import { timeLeft, whenLabel } from './booking-model.ts';
import { SELF_PAY_QUESTION } from '../../../backend/functions/lib/good-faith-estimate.js';
import { SlotPicker } from './slot-picker.tsx';
import { bookingKeys, useNow, useServices, useSlots } from './use-booking.ts';

const T = PORTAL_TEXT.booking;

type Outcome = { kind: 'none' } | { kind: 'done'; booked: Booked; service: string } | { kind: 'undone' };

/**
 * Booking for an existing client (issue 32): a service, one of its free times, confirm. An instant
 * service is booked there and then, an approval service asked for; either can be undone for 5
 * minutes. A time someone else took first is said so, with the next free times in its place.
 */
export function BookingFlow({ accessId, practiceName, clientZone }: { accessId: string; practiceName: string; clientZone: string }) {
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  const services = useServices(accessId);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'taken' | 'failed' | null>(null);
  const [insurance, setInsurance] = useState<string | null>(null);
  const [insuranceMissing, setInsuranceMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const slots = useSlots(accessId, serviceId);
  const now = useNow(outcome.kind === 'done');
  const alertRef = useRef<HTMLDivElement>(null);
  const practiceZone = services.data?.timeZone ?? clientZone;
  const service = services.data?.services.find((s) => s.id === serviceId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all(userId, accessId) });

  const askSelfPay = services.data?.askSelfPay === true;
  const book = async () => {
    if (!service || !start) return;
    setInsuranceMissing(askSelfPay && insurance === null);
    if (askSelfPay && insurance === null) return;
    setBusy(true);
    setError(null);
    try {
      const booked = await bookSlot(accessId, service.id, start, askSelfPay ? insurance === 'yes' : undefined);
      setOutcome({ kind: 'done', booked, service: service.name });
      setStart(null);
      refresh();
    } catch (e) {
      if (e instanceof SlotTakenError) {
        queryClient.setQueryData(bookingKeys.slots(userId, accessId, service.id), e.slots);
        setStart(null);
        setError('taken');
      } else {
        console.error('Booking failed', e);
        setError('failed');
      }
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const undo = async () => {
    if (outcome.kind !== 'done') return;
    setBusy(true);
    try {
      await undoBooking(accessId, outcome.booked.requestId);
      setOutcome({ kind: 'undone' });
      refresh();
    } catch (e) {
      console.error('Undo failed', e);
      setError('failed');
    } finally {
      setBusy(false);
    }
  };

  const left = outcome.kind === 'done' ? timeLeft(outcome.booked.undoUntil, now) : null;
  return (
    <Card title={T.book} headingLevel={2}>
      <div className="portal-stack">
        {outcome.kind === 'done' ? (
          <Alert tone="success" action={left ? <Button onClick={() => void undo()} loading={busy} loadingLabel={T.undoing}>{T.undo(left)}</Button> : undefined}>
            {outcome.booked.outcome === 'booked'
              ? T.booked(outcome.service, whenLabel(outcome.booked.start, clientZone, practiceZone))
              : T.requested(outcome.service, whenLabel(outcome.booked.start, clientZone, practiceZone), practiceName)}
          </Alert>
        ) : null}
        {outcome.kind === 'undone' ? <Alert tone="info">{T.undone}</Alert> : null}
        {services.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
        {services.isError ? <Alert tone="error" action={<Button onClick={() => void services.refetch()}>{T.retry}</Button>}>{T.servicesFailed}</Alert> : null}
        {services.isSuccess && services.data.services.length === 0 ? <EmptyState icon="empty">{T.noServices}</EmptyState> : null}
        {services.isSuccess && services.data.services.length > 0 ? (
          <RadioGroup
            label={T.service}
            value={serviceId}
            onChange={(id) => { setServiceId(id); setStart(null); setError(null); }}
            options={services.data.services.map((s) => ({ value: s.id, label: s.name, hint: `${T.minutes(s.durationMinutes)} · ${s.confirmation === 'instant' ? T.instant : T.approval}` }))}
          />
        ) : null}
        <div ref={alertRef} tabIndex={-1} className="portal-focus-target">
          {error === 'taken' ? <Alert tone="warning" title={T.taken}>{T.takenNext}</Alert> : null}
          {error === 'failed' ? <Alert tone="error">{T.failed}</Alert> : null}
        </div>
        {serviceId && slots.isPending ? <p role="status" className="portal-muted">{T.slotsLoading}</p> : null}
        {slots.isError ? <Alert tone="error" action={<Button onClick={() => void slots.refetch()}>{T.retry}</Button>}>{T.slotsFailed}</Alert> : null}
        {serviceId && slots.isSuccess && slots.data.length === 0 ? <EmptyState icon="empty">{T.noSlots}</EmptyState> : null}
        {serviceId && slots.isSuccess && slots.data.length > 0 ? (
          <SlotPicker slots={slots.data} clientZone={clientZone} practiceZone={practiceZone} selected={start} onSelect={(s) => { setStart(s); setError(null); }} />
        ) : null}
        {service && start && askSelfPay ? (
          <RadioGroup
            label={SELF_PAY_QUESTION} hint={PORTAL_TEXT.publicBooking.insuranceHint} required value={insurance}
            onChange={(value) => { setInsurance(value); setInsuranceMissing(false); }}
            error={insuranceMissing ? PORTAL_TEXT.publicBooking.required('whether you will use insurance') : undefined}
            options={[{ value: 'yes', label: PORTAL_TEXT.publicBooking.insuranceYes }, { value: 'no', label: PORTAL_TEXT.publicBooking.insuranceNo }]}
          />
        ) : null}
        {service && start ? (
          <div className="portal-actions">
            <Button variant="primary" onClick={() => void book()} loading={busy} loadingLabel={T.booking}>
              {(service.confirmation === 'instant' ? T.confirm : T.confirmRequest)(service.name, whenLabel(start, clientZone, practiceZone))}
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

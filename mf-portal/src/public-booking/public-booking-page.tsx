import { useRef, useState, type FormEvent } from 'react';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { QueryProvider, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Link, useLocation } from '@cadence/shared-router';
import { Alert, Button, Card, EmptyState, PageHeader, RadioGroup, TextInput } from '@cadence/shared-ui';
import { SlotTakenError } from '../booking/booking-api.ts';
import { clientTimeZone, timeLeft, whenLabel } from '../booking/booking-model.ts';
import { GfeNotice } from '../booking/gfe-notice.tsx';
import { SlotPicker } from '../booking/slot-picker.tsx';
import { useNow } from '../booking/use-booking.ts';
import { SELF_PAY_QUESTION } from '../../../backend/functions/lib/good-faith-estimate.js';
import { PORTAL_TEXT } from '../portal-texts.ts';
import '../portal.css';
import {
  confirmBooking, ExistingClientError, publicPractice, publicSlots, RateLimitedError, startBooking, verifyCode, type PublicPractice,
} from './public-booking-api.ts';

const T = PORTAL_TEXT.publicBooking;
const B = PORTAL_TEXT.booking;

type Step =
  | { kind: 'details' }
  | { kind: 'code'; bookingId: string; existing: string | null }
  | { kind: 'held'; bookingId: string; code: string; heldUntil: string }
  | { kind: 'done'; outcome: 'booked' | 'requested' };

/** What a refusal says: the server's own words, or the page's for a rate limit and the unexpected. */
function messageOf(error: unknown): string {
  if (error instanceof RateLimitedError) return T.tooMany;
  if (error instanceof FunctionRefusedError && error.message) return error.message;
  return T.failed;
}

/** `/book/<slug>` → the slug (lowercase, as practices choose it). */
const slugOf = (pathname: string) => decodeURIComponent(pathname.split('/')[2] ?? '').toLowerCase();

function Booking({ slug, practice }: { slug: string; practice: PublicPractice }) {
  const queryClient = useQueryClient();
  const [clientZone] = useState(clientTimeZone);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [insurance, setInsurance] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const now = useNow(step.kind === 'held');
  const slots = useQuery({ queryKey: ['public-booking', slug, 'slots', serviceId], queryFn: () => publicSlots(slug, serviceId ?? ''), enabled: serviceId !== null });
  const service = practice.services.find((s) => s.id === serviceId);
  const when = start ? whenLabel(start, clientZone, practice.timeZone) : '';

  const fail = (e: unknown) => {
    if (e instanceof SlotTakenError) {
      queryClient.setQueryData(['public-booking', slug, 'slots', serviceId], e.slots);
      setStart(null);
      setStep({ kind: 'details' });
      setError(`${B.taken}. ${B.takenNext}`);
    } else {
      if (!(e instanceof FunctionRefusedError || e instanceof RateLimitedError)) console.error('Public booking failed', e);
      setError(messageOf(e));
      if (e instanceof FunctionRefusedError && e.status === 410) {
        setStep({ kind: 'details' });
        setStart(null);
        void slots.refetch();
      }
    }
    requestAnimationFrame(() => alertRef.current?.focus());
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    const gap = !name.trim() ? 'name' : !email.trim() ? 'email' : !phone.trim() ? 'phone' : insurance === null ? 'insurance' : null;
    setMissing(gap);
    if (gap || !service || !start) return;
    void run(async () => {
      const bookingId = await startBooking(slug, service.id, start, { name, email, phone, usesInsurance: insurance === 'yes' });
      setCode('');
      setStep({ kind: 'code', bookingId, existing: null });
    });
  };
  const submitCode = (newClient: boolean) => {
    if (step.kind !== 'code') return;
    void run(async () => {
      try {
        const heldUntil = await verifyCode(slug, step.bookingId, code.trim(), newClient);
        setStep({ kind: 'held', bookingId: step.bookingId, code: code.trim(), heldUntil });
      } catch (e) {
        if (!(e instanceof ExistingClientError)) throw e;
        setStep({ ...step, existing: e.message });
      }
    });
  };
  const confirm = () => {
    if (step.kind !== 'held') return;
    void run(async () => setStep({ kind: 'done', outcome: await confirmBooking(slug, step.bookingId, step.code) }));
  };

  if (step.kind === 'done' && service) {
    return (
      <Alert tone="success" title={step.outcome === 'booked' ? T.booked(service.name, when) : T.requested(service.name, when, practice.practiceName)}>
        {T.next}
      </Alert>
    );
  }
  return (
    <div className="portal-stack">
      <div ref={alertRef} tabIndex={-1} className="portal-focus-target">
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      {step.kind === 'details' ? (
        <>
          {practice.services.length === 0 ? <EmptyState icon="empty">{T.noServices}</EmptyState> : (
            <Card title={B.book} headingLevel={2}>
              <div className="portal-stack">
                <RadioGroup
                  label={B.service}
                  value={serviceId}
                  onChange={(id) => { setServiceId(id); setStart(null); setError(null); }}
                  options={practice.services.map((s) => ({ value: s.id, label: s.name, hint: `${B.minutes(s.durationMinutes)} · ${s.confirmation === 'instant' ? B.instant : B.approval}` }))}
                />
                {serviceId && slots.isPending ? <p role="status" className="portal-muted">{B.slotsLoading}</p> : null}
                {slots.isError ? <Alert tone="error" action={<Button onClick={() => void slots.refetch()}>{B.retry}</Button>}>{B.slotsFailed}</Alert> : null}
                {serviceId && slots.isSuccess && slots.data.length === 0 ? <EmptyState icon="empty">{B.noSlots}</EmptyState> : null}
                {serviceId && slots.isSuccess && slots.data.length > 0 ? (
                  <SlotPicker slots={slots.data} clientZone={clientZone} practiceZone={practice.timeZone} selected={start} onSelect={(s) => { setStart(s); setError(null); }} />
                ) : null}
              </div>
            </Card>
          )}
          {service && start ? (
            <Card title={T.details} headingLevel={2}>
              <form className="portal-stack" onSubmit={submitDetails} noValidate>
                <p className="portal-muted">{when}</p>
                <TextInput label={T.name} autoComplete="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={missing === 'name' ? T.required('your name') : undefined} />
                <TextInput label={T.email} type="email" autoComplete="email" required maxLength={254} value={email} hint={T.emailNote} onChange={(e) => setEmail(e.target.value)} error={missing === 'email' ? T.required('your email address') : undefined} />
                <TextInput label={T.phone} type="tel" autoComplete="tel" required maxLength={40} value={phone} onChange={(e) => setPhone(e.target.value)} error={missing === 'phone' ? T.required('your phone number') : undefined} />
                <RadioGroup
                  label={SELF_PAY_QUESTION} hint={T.insuranceHint} required value={insurance} onChange={setInsurance}
                  error={missing === 'insurance' ? T.required('whether you will use insurance') : undefined}
                  options={[{ value: 'yes', label: T.insuranceYes }, { value: 'no', label: T.insuranceNo }]}
                />
                <div className="portal-actions">
                  <Button type="submit" variant="primary" loading={busy} loadingLabel={T.sending}>{T.continue}</Button>
                </div>
              </form>
            </Card>
          ) : null}
        </>
      ) : null}
      {step.kind === 'code' ? (
        <Card title={T.codeTitle} headingLevel={2}>
          <form className="portal-stack" onSubmit={(e) => { e.preventDefault(); submitCode(false); }}>
            <p>{T.codeSent(email.trim())}</p>
            <TextInput label={T.code} autoComplete="one-time-code" inputMode="numeric" required maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
            {step.existing !== null ? (
              <Alert
                tone="warning" title={T.existingTitle}
                action={(
                  <div className="portal-actions">
                    <Link to="/portal/sign-in">{T.signIn}</Link>
                    <Button onClick={() => submitCode(true)} loading={busy} loadingLabel={T.verifying}>{T.asNew}</Button>
                  </div>
                )}
              >
                {step.existing}
              </Alert>
            ) : (
              <div className="portal-actions">
                <Button type="submit" variant="primary" loading={busy} loadingLabel={T.verifying}>{T.verify}</Button>
                <Button onClick={() => { setStep({ kind: 'details' }); setError(null); }}>{T.startOver}</Button>
              </div>
            )}
          </form>
        </Card>
      ) : null}
      {step.kind === 'held' && service ? (
        <Card title={T.heldTitle} headingLevel={2}>
          <div className="portal-stack">
            <p>{T.held(when, timeLeft(step.heldUntil, now) ?? '0:00')}</p>
            <div className="portal-actions">
              <Button variant="primary" onClick={confirm} loading={busy} loadingLabel={T.confirming}>
                {(service.confirmation === 'instant' ? T.confirm : T.confirmRequest)(service.name, when)}
              </Button>
            </div>
          </div>
        </Card>
      ) : null}
    </div>
  );
}

function PublicBooking() {
  const { pathname } = useLocation();
  const slug = slugOf(pathname);
  const practice = useQuery({ queryKey: ['public-booking', slug], queryFn: () => publicPractice(slug), retry: false });
  const unknown = practice.error instanceof FunctionRefusedError && practice.error.status === 404;
  return (
    <div className="portal">
      <div className="portal-body">
        <div className="portal-page">
          {practice.isSuccess ? null : <PageHeader title={T.genericTitle} />}
          {practice.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
          {unknown ? <EmptyState icon="empty">{T.unknown}</EmptyState> : null}
          {practice.isError && !unknown ? <Alert tone="error" action={<Button onClick={() => void practice.refetch()}>{B.retry}</Button>}>{messageOf(practice.error)}</Alert> : null}
          {practice.isSuccess ? (
            <>
              <PageHeader title={T.title(practice.data.practiceName)} description={T.intro} />
              <Booking slug={slug} practice={practice.data} />
              <GfeNotice />
            </>
          ) : null}
        </div>
      </div>
      <footer className="portal-footer">
        <nav aria-label="Booking page footer">
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
        </nav>
      </footer>
    </div>
  );
}

/** /book/<practice> (issue 32): a practice's public booking page for new clients; no sign-in. */
export default function PublicBookingPage() {
  return (
    <QueryProvider>
      <PublicBooking />
    </QueryProvider>
  );
}

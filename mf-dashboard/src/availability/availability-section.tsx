import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, Checkbox, DateInput, Select, Skeleton, TextInput } from '@cadence/shared-ui';
import { TimeInput } from '@cadence/shared-ui/bundled';
import { LoadError } from '../shared/load-error.tsx';
import { useUserId } from '../shared/use-user-id.ts';
import { useServices } from '../practice/practice-queries.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { getAvailability, listBookingRules, saveAvailability, saveBookingRule, type BookingRuleDocument } from './api/availability-api.ts';
import {
  availabilitySchema, BOOKABLE_BY, bookingRuleSchema, CONFIRMATION, DEFAULT_RULE, RULE_LABELS, START_GRIDS, submitChecked, WEEKDAY_NAMES, WEEKDAYS,
  type Availability, type BookingRule, type BookingRuleInput, type Override, type Weekday, type Window,
} from './availability-model.ts';
import './availability.css';

const keys = {
  hours: (userId: string) => ['practice', userId, 'availability'] as const,
  rules: (userId: string) => ['practice', userId, 'booking-rules'] as const,
};

function WindowFields({ label, window, path, problems, onChange, onRemove }: {
  label: string; window: Window; path: string; problems: Map<string, string>; onChange: (w: Window) => void; onRemove: () => void;
}) {
  return (
    <div className="availability__window">
      <TimeInput label={`${label} from`} value={window.start} error={problems.get(`${path}.start`)} onChange={(e) => onChange({ ...window, start: e.target.value })} />
      <TimeInput label={`${label} until`} value={window.end} error={problems.get(`${path}.end`)} onChange={(e) => onChange({ ...window, end: e.target.value })} />
      <Button variant="quiet" onClick={onRemove} aria-label={`Remove ${label} ${window.start}–${window.end}`}>Remove</Button>
    </div>
  );
}

/** Weekly hours (several windows a day) and date overrides, in the practice's time zone. */
function HoursForm({ userId, documentId, initial, timeZone }: { userId: string; documentId: string | null; initial: Availability; timeZone: string }) {
  const queryClient = useQueryClient();
  const [hours, setHours] = useState(initial);
  const [problems, setProblems] = useState(new Map<string, string>());
  const save = useMutation({
    mutationFn: (value: Availability) => saveAvailability(userId, documentId, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.hours(userId) }),
  });
  const setDay = (day: Weekday, windows: Window[]) => setHours({ ...hours, weekly: { ...hours.weekly, [day]: windows } });
  const setOverride = (i: number, override: Override) => setHours({ ...hours, overrides: hours.overrides.map((o, j) => (j === i ? override : o)) });
  const submit = () => submitChecked(availabilitySchema, hours, setProblems, (data) => save.mutate(data));
  return (
    <form className="availability" onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
      <h3 className="availability__heading">Working hours</h3>
      <p className="availability__text">Clients can book within these hours, shown in their own time zone. Times are in {timeZone}.</p>
      {WEEKDAYS.map((day) => (
        <fieldset key={day} className="availability__day">
          <legend>{WEEKDAY_NAMES[day]}</legend>
          {hours.weekly[day].length === 0 && <p className="availability__text">Not working</p>}
          {hours.weekly[day].map((w, i) => (
            <WindowFields key={i} label={WEEKDAY_NAMES[day]} window={w} path={`weekly.${day}.${i}`} problems={problems}
              onChange={(next) => setDay(day, hours.weekly[day].map((x, j) => (j === i ? next : x)))}
              onRemove={() => setDay(day, hours.weekly[day].filter((_, j) => j !== i))} />
          ))}
          <Button variant="secondary" icon="add" onClick={() => setDay(day, [...hours.weekly[day], { start: '09:00', end: '17:00' }])}>Add hours to {WEEKDAY_NAMES[day]}</Button>
        </fieldset>
      ))}
      <h3 className="availability__heading">Date overrides</h3>
      <p className="availability__text">A day off, different hours on a date, or a holiday: these replace the weekly hours on those dates.</p>
      {hours.overrides.map((o, i) => (
        <fieldset key={i} className="availability__day">
          <legend>Override {i + 1}</legend>
          <div className="availability__window">
            <DateInput label="First day" value={o.from} error={problems.get(`overrides.${i}.from`)} onChange={(e) => setOverride(i, { ...o, from: e.target.value, to: o.to < e.target.value ? e.target.value : o.to })} />
            <DateInput label="Last day" value={o.to} error={problems.get(`overrides.${i}.to`)} onChange={(e) => setOverride(i, { ...o, to: e.target.value })} />
          </div>
          <Checkbox label="Day off" checked={o.windows.length === 0} onChange={(e) => setOverride(i, { ...o, windows: e.target.checked ? [] : [{ start: '09:00', end: '17:00' }] })} />
          {o.windows.map((w, j) => (
            <WindowFields key={j} label={`Override ${i + 1}`} window={w} path={`overrides.${i}.windows.${j}`} problems={problems}
              onChange={(next) => setOverride(i, { ...o, windows: o.windows.map((x, k) => (k === j ? next : x)) })}
              onRemove={() => setOverride(i, { ...o, windows: o.windows.filter((_, k) => k !== j) })} />
          ))}
          <Button variant="quiet" onClick={() => setHours({ ...hours, overrides: hours.overrides.filter((_, j) => j !== i) })}>Remove override {i + 1}</Button>
        </fieldset>
      ))}
      <Button variant="secondary" icon="add" onClick={() => setHours({ ...hours, overrides: [...hours.overrides, { from: '', to: '', windows: [] }] })}>Add a date override</Button>
      {problems.size > 0 && <Alert tone="error">Check the highlighted times and dates.</Alert>}
      {save.isError && <Alert tone="error">Saving your hours failed. Please try again.</Alert>}
      <p role="status" className="availability__text">{save.isSuccess ? 'Working hours saved.' : ''}</p>
      <Button type="submit" variant="primary" loading={save.isPending}>Save working hours</Button>
    </form>
  );
}

const asInput = (rule: BookingRule): BookingRuleInput => ({
  ...rule, noticeHours: String(rule.noticeHours), horizonDays: String(rule.horizonDays), bufferBeforeMinutes: String(rule.bufferBeforeMinutes),
  bufferAfterMinutes: String(rule.bufferAfterMinutes), maxPerDay: rule.maxPerDay === null ? '' : String(rule.maxPerDay), maxPerWeek: rule.maxPerWeek === null ? '' : String(rule.maxPerWeek),
});

/** One service's booking rules. */
function RuleForm({ userId, service, stored }: { userId: string; service: ServiceDocument; stored: BookingRuleDocument | undefined }) {
  const queryClient = useQueryClient();
  const [rule, setRule] = useState<BookingRuleInput>(asInput(stored ? bookingRuleSchema.parse(stored) : DEFAULT_RULE));
  const [problems, setProblems] = useState(new Map<string, string>());
  const save = useMutation({
    mutationFn: (value: BookingRule) => saveBookingRule(userId, service.$id, stored?.$id ?? null, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.rules(userId) }),
  });
  const set = <K extends keyof BookingRuleInput>(key: K, value: BookingRuleInput[K]) => setRule({ ...rule, [key]: value });
  const number = (key: 'noticeHours' | 'horizonDays' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'maxPerDay' | 'maxPerWeek', label: string, hint?: string) => (
    <TextInput label={label} hint={hint} inputMode="numeric" value={rule[key]} error={problems.get(key)} onChange={(e) => set(key, e.target.value)} />
  );
  const submit = () => submitChecked(bookingRuleSchema, rule, setProblems, (data) => save.mutate(data));
  return (
    <form className="availability__rule" aria-label={`Online booking of ${service.name}`} onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
      <h4 className="availability__heading">{service.name} ({service.durationMinutes} min)</h4>
      <div className="availability__grid">
        <Select label="Who can book online" value={rule.bookableBy} options={BOOKABLE_BY.map((v) => ({ value: v, label: RULE_LABELS.bookableBy[v] }))} onChange={(e) => set('bookableBy', e.target.value as BookingRule['bookableBy'])} />
        <Select label="Confirmation" value={rule.confirmation} options={CONFIRMATION.map((v) => ({ value: v, label: RULE_LABELS.confirmation[v] }))} onChange={(e) => set('confirmation', e.target.value as BookingRule['confirmation'])} />
        <Select label="Start times" value={rule.startGrid} options={START_GRIDS.map((v) => ({ value: v, label: RULE_LABELS.startGrid[v] }))} onChange={(e) => set('startGrid', e.target.value as BookingRule['startGrid'])} />
        {number('noticeHours', 'Minimum notice (hours)')}
        {number('horizonDays', 'Bookable up to (days ahead)')}
        {number('bufferBeforeMinutes', 'Buffer before (minutes)')}
        {number('bufferAfterMinutes', 'Buffer after (minutes)')}
        {number('maxPerDay', 'At most per day', 'Empty: no cap')}
        {number('maxPerWeek', 'At most per week', 'Empty: no cap')}
      </div>
      {save.isError && <Alert tone="error">Saving the booking rules failed. Please try again.</Alert>}
      <p role="status" className="availability__text">{save.isSuccess ? `Booking rules for ${service.name} saved.` : ''}</p>
      <Button type="submit" variant="secondary" loading={save.isPending}>Save rules for {service.name}</Button>
    </form>
  );
}

/** Practice → Availability (issue 32): working hours, date overrides and each service's online booking rules. */
export function AvailabilitySection({ timeZone }: { timeZone: string }) {
  const userId = useUserId();
  const hours = useQuery({ queryKey: keys.hours(userId), queryFn: () => getAvailability(userId), enabled: userId !== '' });
  const rules = useQuery({ queryKey: keys.rules(userId), queryFn: () => listBookingRules(userId), enabled: userId !== '' });
  const services = useServices();
  if (hours.isPending || rules.isPending || services.isPending) return <Skeleton label="Loading availability" lines={6} />;
  if (hours.isError || rules.isError || services.isError) {
    return <LoadError what="Loading availability failed" onRetry={() => { void hours.refetch(); void rules.refetch(); void services.refetch(); }} />;
  }
  return (
    <div className="availability__sections">
      <HoursForm key={hours.data.document?.$updatedAt ?? 'new'} userId={userId} documentId={hours.data.document?.$id ?? null} initial={hours.data.availability} timeZone={timeZone} />
      <section aria-labelledby="booking-rules-heading">
        <h3 id="booking-rules-heading" className="availability__heading">Online booking by service</h3>
        {services.data.map((service) => (
          <RuleForm key={`${service.$id}:${rules.data.get(service.$id)?.$updatedAt ?? ''}`} userId={userId} service={service} stored={rules.data.get(service.$id)} />
        ))}
      </section>
    </div>
  );
}

export default AvailabilitySection;

import { useId, useState } from 'react';
import { PORTAL_TEXT } from '../portal-texts.ts';
import type { Slot } from './booking-api.ts';
import { slotDays, slotTimeLabel, zonesDiffer } from './booking-model.ts';

const T = PORTAL_TEXT.booking;

interface SlotPickerProps {
  slots: readonly Slot[];
  clientZone: string;
  practiceZone: string;
  selected: string | null;
  onSelect: (start: string) => void;
}

/**
 * The next days with free times, then the times of the chosen day, on the client's clock (the
 * practice's beside it when they differ). Toggle buttons (aria-pressed) in a row that wraps, so a
 * phone shows them as large targets and the keyboard reaches each with Tab.
 */
export function SlotPicker({ slots, clientZone, practiceZone, selected, onSelect }: SlotPickerProps) {
  const days = slotDays(slots, clientZone);
  const selectedDay = days.find((d) => d.slots.some((s) => s.start === selected))?.label;
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = days.find((d) => d.label === (chosenDay ?? selectedDay)) ?? days[0];
  const daysId = useId();
  const timesId = useId();
  const differ = slots[0] ? zonesDiffer(clientZone, practiceZone, slots[0].start) : false;
  return (
    <div className="portal-stack">
      <p className="portal-muted">
        {T.yourZone(clientZone)}
        {differ ? ` ${T.practiceZone(practiceZone)}` : ''}
      </p>
      <div role="group" aria-labelledby={daysId} className="portal-stack">
        <h4 id={daysId} className="portal-subheading">{T.days}</h4>
        <div className="portal-choices">
          {days.map((d) => (
            <button key={d.label} type="button" className="portal-choice" aria-pressed={d.label === day?.label} onClick={() => setDay(d.label)}>
              {d.label}
            </button>
          ))}
        </div>
      </div>
      {day ? (
        <div role="group" aria-labelledby={timesId} className="portal-stack">
          <h4 id={timesId} className="portal-subheading">{T.times(day.label)}</h4>
          <div className="portal-choices">
            {day.slots.map((s) => (
              <button key={s.start} type="button" className="portal-choice" aria-pressed={s.start === selected} onClick={() => onSelect(s.start)}>
                {slotTimeLabel(s.start, clientZone, practiceZone)}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

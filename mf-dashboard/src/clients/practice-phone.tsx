import { usePracticeCountry } from '../practice/practice-queries.ts';
import { formatPhone } from '../shared/validators.ts';

/** A stored phone number as the practice reads it: its own country's numbers in national form. */
export function PracticePhone({ phone }: { phone: string }) {
  return formatPhone(phone, usePracticeCountry());
}

import { usePhoneFormat } from '../shared/phone-format.ts';

/** A stored phone number as the practice reads it: its own country's numbers in national form. */
export function PracticePhone({ phone }: { phone: string }) {
  return usePhoneFormat()(phone);
}

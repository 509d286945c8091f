import * as z from 'zod';
import { amountField, currencyField, numberFromText, optionalText, requiredText, withTypedAmounts } from '../shared/schema-fields.ts';
import { TEXT_LIMITS } from '../shared/validators.ts';
import { isPacketEntry, MAX_PACKET_ENTRIES } from '../clients/portal/packet-entries.ts';
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES, SERVICE_COLOR_NAMES, SERVICE_MESSAGES } from './service-model.ts';

// Services (appointment types, issue #13): name, service code, duration, fee and colour, and the
// intake packet a first booking sends (issue 31). An archived service stays on past records and
// leaves the pickers. What the screens read without
// validating (colours, labels, the suggested services) is service-model.ts, free of zod.

export * from './service-model.ts';
export * from './service-choice.ts';

const serviceFields = z.object({
  name: requiredText({ label: 'the service name', max: TEXT_LIMITS.serviceName }),
  /** A CPT code such as 90834, or any short code the practice uses; optional. */
  serviceCode: optionalText({ label: 'the service code', max: TEXT_LIMITS.serviceCode }),
  durationMinutes: z.preprocess(
    numberFromText,
    z
      .number({ error: SERVICE_MESSAGES.duration })
      .int({ error: SERVICE_MESSAGES.duration })
      .min(MIN_DURATION_MINUTES, { error: SERVICE_MESSAGES.duration })
      .max(MAX_DURATION_MINUTES, { error: SERVICE_MESSAGES.duration }),
  ),
  /** In minor units of `currency`; null until the therapist sets it (the suggested services start so). */
  fee: amountField({ invalid: SERVICE_MESSAGES.fee }),
  currency: currencyField(),
  color: z.enum(SERVICE_COLOR_NAMES, { error: SERVICE_MESSAGES.color }).default('blue'),
  archived: z.boolean({ error: SERVICE_MESSAGES.archived }).default(false),
  /** Forms and consents sent once to a client whose first appointment of this service is booked (service-packets). */
  intakePacket: z
    .array(z.string().refine(isPacketEntry, { error: SERVICE_MESSAGES.intakePacket }))
    .max(MAX_PACKET_ENTRIES, { error: SERVICE_MESSAGES.intakePacket })
    .nullish(),
});

/** The fee is minor units as stored, or text as typed ("$120") read in the service's currency. */
export const serviceSchema = withTypedAmounts(['fee'], serviceFields);

export type ServiceInput = z.input<typeof serviceFields>;
export type Service = z.output<typeof serviceSchema>;

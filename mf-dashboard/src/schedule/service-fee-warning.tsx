import { Alert } from '@cadence/shared-ui';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { useUpdateService } from '../practice/practice-mutations.ts';
import { FeeEntry } from '../shared/fee-entry.tsx';
import { formatMoney } from '@cadence/shared-auth/money';

export const SERVICE_FEE_TEXTS = {
  title: 'This service has no fee yet',
  noFee: 'An attended session with it would earn nothing. Set its fee here; every booking with this service uses it.',
  clientFee: (fee: string) => `This client's own fee (${fee}) applies to this appointment. Set the service's fee for everyone else.`,
  save: 'Save fee',
  feeLabel: (name: string) => `Fee for ${name}`,
} as const;

export interface ServiceFeeWarningProps {
  service: ServiceDocument;
  /** The chosen client's own fee (minor units), when they have one. */
  clientFee?: { amount: number; currency: string } | null;
  /** Said once the fee is saved (the warning then goes away). */
  onSaved: (message: string) => void;
}

/** The appointment dialog's warning for a chosen service without a fee (issue 29), with the fee set in place. */
export function ServiceFeeWarning({ service, clientFee, onSaved }: ServiceFeeWarningProps) {
  const update = useUpdateService();
  return (
    <Alert
      tone="warning"
      title={SERVICE_FEE_TEXTS.title}
      action={
        <FeeEntry
          label={SERVICE_FEE_TEXTS.feeLabel(service.name)}
          currency={service.currency}
          submitLabel={SERVICE_FEE_TEXTS.save}
          onSave={async (fee) => {
            await update.mutateAsync({ serviceId: service.$id, changes: { fee } });
            onSaved(`Fee for ${service.name} saved: ${formatMoney(fee, service.currency)}.`);
          }}
        />
      }
    >
      {clientFee ? SERVICE_FEE_TEXTS.clientFee(formatMoney(clientFee.amount, clientFee.currency)) : SERVICE_FEE_TEXTS.noFee}
    </Alert>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button } from '@cadence/shared-ui';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { listClients } from '../clients/api/list-clients.ts';
import { clientFormValues } from '../clients/client-form.tsx';
import { useCreateClient } from '../clients/client-mutations.ts';
import { clientKeys } from '../clients/client-queries.ts';
import { FormTextInput } from '../practice/form-controls.tsx';
import { usePracticeCountry } from '../practice/practice-queries.ts';
import { clientDisplayName, clientSchemaFor, type Client } from '../clients/client-schema.ts';
import { DUPLICATE_MESSAGES, findDuplicateClient, type DuplicateMatch } from '../clients/duplicates.ts';
import { useUserId } from '../shared/use-user-id.ts';
import './quick-new-client.css';

export const QUICK_CLIENT_TEXTS = {
  open: '+ New client',
  title: 'New client',
  intro: 'The name and a way to reach them; the rest can wait for the client’s page.',
  add: 'Add client and book',
  adding: 'Adding…',
  cancel: 'Back to the booking',
  failed: 'The client was not added',
  duplicateTitle: 'This client may already be in your practice',
  bookExisting: (name: string) => `Book ${name}`,
} as const;

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];

export interface QuickNewClientProps {
  /** The practice's currency (the new client's). */
  currency: string;
  /** The client was stored (or an existing one was chosen): the booking goes on with them. */
  onChosen: (client: ClientDocument) => void;
  onCancel: () => void;
}

/**
 * "+ New client" inside the appointment dialog (issue 37): name, email and phone, checked by the
 * client schema and the duplicate check of the New client page, then back to the booking with the
 * client chosen. A group, not a form: it sits inside the appointment's form, so Enter adds the
 * client here instead of saving the appointment.
 */
export function QuickNewClient({ currency, onChosen, onCancel }: QuickNewClientProps) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const create = useCreateClient();
  const headingId = useId();
  const country = usePracticeCountry();
  const first = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [duplicate, setDuplicate] = useState<DuplicateMatch<ClientDocument> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => first.current?.focus(), []);

  const add = async () => {
    setFailure(null);
    const parsed = clientSchemaFor(country).safeParse({ ...clientFormValues(null, currency, country), ...values });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) found[field as Field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const client: Client = parsed.data;
      // The stored list, fresh or cached: the check must see clients added elsewhere too.
      const existing = await queryClient.fetchQuery({ queryKey: clientKeys.list(userId), queryFn: () => listClients(userId), staleTime: 5_000 });
      const match = findDuplicateClient(client, existing);
      setDuplicate(match);
      if (!match) onChosen(await create.mutateAsync(client));
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void add();
    }
  };
  const field = (name: Field, label: string, extra: { type?: 'email' | 'tel'; required?: boolean } = {}) => (
    <FormTextInput
      ref={name === 'firstName' ? first : undefined}
      label={label}
      autoComplete="off"
      {...extra}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
    />
  );

  return (
    <div role="group" aria-labelledby={headingId} className="sched-quick-client" onKeyDown={onKeyDown}>
      <h3 id={headingId} className="sched-quick-client__title">
        {QUICK_CLIENT_TEXTS.title}
      </h3>
      <p className="sched-quick-client__intro">{QUICK_CLIENT_TEXTS.intro}</p>
      <div className="sched-quick-client__fields">
        {field('firstName', 'First name', { required: true })}
        {field('lastName', 'Last name', { required: true })}
        {field('email', 'Email', { type: 'email' })}
        {field('phone', 'Phone', { type: 'tel' })}
      </div>
      {duplicate && (
        <Alert
          tone="warning"
          title={QUICK_CLIENT_TEXTS.duplicateTitle}
          action={
            <Button size="sm" variant="primary" onClick={() => onChosen(duplicate.client)}>
              {QUICK_CLIENT_TEXTS.bookExisting(clientDisplayName(duplicate.client))}
            </Button>
          }
        >
          {DUPLICATE_MESSAGES[duplicate.reason](clientDisplayName(duplicate.client))}
        </Alert>
      )}
      {failure && (
        <Alert tone="error" title={QUICK_CLIENT_TEXTS.failed}>
          {failure} Nothing you typed is lost.
        </Alert>
      )}
      <div className="sched-quick-client__actions">
        <Button size="sm" variant="primary" loading={busy} loadingLabel={QUICK_CLIENT_TEXTS.adding} onClick={() => void add()}>
          {QUICK_CLIENT_TEXTS.add}
        </Button>
        <Button size="sm" variant="quiet" onClick={onCancel}>
          {QUICK_CLIENT_TEXTS.cancel}
        </Button>
      </div>
    </div>
  );
}

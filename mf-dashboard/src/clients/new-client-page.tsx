import { useState } from 'react';
import { Link, useNavigate } from '@cadence/shared-router';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Alert, buttonClassName, PageHeader, Skeleton } from '@cadence/shared-ui';
import { usePracticeSettings } from '../practice/practice-queries.ts';
import { DEFAULT_CURRENCY } from '@cadence/shared-auth/money';
import { practiceCountry } from '../shared/practice-country.ts';
import { useUserId } from '../shared/use-user-id.ts';
import type { ClientDocument } from './api/client-document.ts';
import { listClients } from './api/list-clients.ts';
import { ClientForm, clientFormValues } from './client-form.tsx';
import { useCreateClient } from './client-mutations.ts';
import { clientKeys } from './client-queries.ts';
import { clientDisplayName } from './client-schema.ts';
import { CLIENT_TEXTS } from './client-texts.ts';
import { clientPath, CLIENTS_PATH } from './client-paths.ts';
import { DUPLICATE_MESSAGES, findDuplicateClient, type DuplicateMatch } from './duplicates.ts';
import './clients.css';

/** What the client page says after arriving from here. */
export interface ClientCreatedState {
  created: true;
}

/**
 * /dashboard/clients/new: the client form, with the duplicate check of issue #13 — the same email,
 * or the same name and date of birth, offers "Open existing client" and creates nothing. Like the
 * CSV import, which skips such rows, there is no "add anyway": a second record of one person splits
 * their appointments, notes and balance. Someone who only shares an email (a parent's) is added
 * with their own email or none.
 */
export function NewClientPage() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const settings = usePracticeSettings();
  const create = useCreateClient();
  const [duplicate, setDuplicate] = useState<DuplicateMatch<ClientDocument> | null>(null);
  const currency = settings.data?.currency ?? DEFAULT_CURRENCY;
  const country = practiceCountry(settings.data);

  return (
    <div className="clients-page">
      <PageHeader title={CLIENT_TEXTS.newTitle} description={CLIENT_TEXTS.newDescription} />
      {settings.isPending ? (
        <Skeleton label={CLIENT_TEXTS.loadingSettings} lines={8} />
      ) : (
        <ClientForm
          defaultValues={clientFormValues(null, currency, country)}
          country={country}
          askDefaultService
          submitLabel={CLIENT_TEXTS.create}
          submittingLabel={CLIENT_TEXTS.creating}
          failureTitle={CLIENT_TEXTS.createFailed}
          onSave={async (client) => {
            // The stored list, fresh or cached: the check must see clients added elsewhere too.
            const existing = await queryClient.fetchQuery({ queryKey: clientKeys.list(userId), queryFn: () => listClients(userId), staleTime: 5_000 });
            const match = findDuplicateClient(client, existing);
            setDuplicate(match);
            if (match) return null;
            const created = await create.mutateAsync(client);
            void navigate(clientPath(created.$id), { state: { created: true } satisfies ClientCreatedState });
            return null;
          }}
          notice={
            duplicate && (
              <Alert
                tone="warning"
                title={CLIENT_TEXTS.duplicateTitle}
                className="clients-form__wide"
                action={
                  <Link className={buttonClassName('primary')} to={clientPath(duplicate.client.$id)}>
                    {DUPLICATE_MESSAGES.openExisting}
                  </Link>
                }
              >
                <p>{DUPLICATE_MESSAGES[duplicate.reason](clientDisplayName(duplicate.client))}</p>
                <p>{CLIENT_TEXTS.duplicateHelp}</p>
              </Alert>
            )
          }
          actions={
            <Link className={buttonClassName('quiet')} to={CLIENTS_PATH}>
              {CLIENT_TEXTS.cancel}
            </Link>
          }
        />
      )}
    </div>
  );
}

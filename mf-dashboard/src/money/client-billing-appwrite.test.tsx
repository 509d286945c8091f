// The client's Billing tab against the real local Appwrite and its functions: an attended session
// is charged by the event-triggered attendance-charges function, a payment recorded in the dialog
// goes through the ledger function (a double click records one entry, the overpayment is the
// client's credit), and a refund larger than that credit is refused under its field with nothing
// typed lost. Another therapist reads none of it.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Query, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { actAs, createTherapist, startLocalAppwrite, type LocalAppwrite, type Therapist } from '../../test/local-appwrite.ts';
import { createClient } from '../clients/api/create-client.ts';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientSchemaFor } from '../clients/client-schema.ts';
import { createService } from '../practice/api/create-service.ts';
import { savePracticeSettings } from '../practice/api/save-practice-settings.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { serviceSchema } from '../practice/services.ts';
import { createAppointment } from '../schedule/api/create-appointment.ts';
import { getClientBalance, listAllEntries } from './api/read-ledger.ts';
import { ClientBilling } from './client-billing.tsx';

let server: LocalAppwrite;
let therapist: Therapist;
let client: ClientDocument;

function signedIn(who: Therapist) {
  actAs(server, who);
  useAuthStore.setState({ user: { $id: who.id } as AuthUser, status: 'signedIn' });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startLocalAppwrite();
  therapist = await createTherapist(server, 'billing');
  signedIn(therapist);
  await savePracticeSettings(therapist.id, practiceSettingsSchema.parse({ practiceName: 'Calm Waters', therapistName: 'Dana', timeZone: 'America/Chicago', currency: 'USD' }));
  const service = await createService(therapist.id, serviceSchema.parse({ name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 12000, currency: 'USD', color: 'blue', archived: false }), 9);
  client = await createClient(therapist.id, clientSchemaFor().parse({ firstName: 'Jane', lastName: 'Doe', currency: 'USD' }));
  const start = '2026-03-03T16:00:00.000Z';
  await createAppointment(therapist.id, {
    clientId: client.$id, serviceId: service.$id, seriesId: null, start, end: '2026-03-03T16:45:00.000Z', status: 'show', locationType: 'office', meetingLink: null, adminNote: null,
    feeAmount: 12000, currency: 'USD', feeWaived: false, feeWaivedReason: null, statusHistory: [JSON.stringify({ status: 'show', at: start, by: therapist.id })], noteState: 'none',
  });
  await until(() => listAllEntries(therapist.id, [Query.equal('userId', therapist.id), Query.equal('clientId', client.$id)]), (entries) => entries.length === 1);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe('Billing tab on the local Appwrite', () => {
  it('records one payment for a double click, keeps the overpayment as credit, and refuses a refund above it under the amount', async () => {
    queryClient.clear();
    signedIn(therapist);
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/dashboard/clients/${client.$id}`]}>
        <QueryProvider>
          <ClientBilling client={client} />
        </QueryProvider>
      </MemoryRouter>,
    );

    const ledger = await screen.findByRole('table', { name: 'Ledger of Jane Doe' });
    expect(within(ledger).getByRole('row', { name: /Session fee/ })).toHaveTextContent('+$120.00');
    await waitFor(() => expect(screen.getByText('Balance due').nextSibling).toHaveTextContent('$120.00'));

    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment for Jane Doe' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '150');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Method/ }), 'Cash');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('$120.00 goes to the oldest unpaid charges. $30.00 will be kept as credit for Jane D.');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded: $150.00 for Jane D. $30.00 kept as credit for Jane D.', {}, { timeout: 20_000 })).toBeVisible();

    const entries = await listAllEntries(therapist.id, [Query.equal('userId', therapist.id), Query.equal('clientId', client.$id)]);
    expect(entries.filter((entry) => entry.kind === 'payment').map((entry) => entry.amount)).toEqual([-15000]);
    expect(await getClientBalance(therapist.id, client.$id)).toMatchObject({ balance: -3000, credit: 3000 });
    await waitFor(() => expect(screen.getByText('Unapplied credit').nextSibling).toHaveTextContent('$30.00'));

    // A refund above the credit: the function's words under Amount, the form as typed.
    await user.click(screen.getByRole('button', { name: 'More billing actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Record refund' }));
    const refund = screen.getByRole('dialog', { name: 'Record refund for Jane Doe' });
    await user.type(within(refund).getByRole('textbox', { name: /Amount/ }), '45');
    await user.selectOptions(within(refund).getByRole('combobox', { name: /Paid back by/ }), 'Cash');
    await user.type(within(refund).getByRole('textbox', { name: 'Reference' }), 'R-9');
    await user.click(within(refund).getByRole('button', { name: 'Record refund' }));
    expect(await within(refund).findByText("A refund can't be more than the client's credit of $30.00.", {}, { timeout: 20_000 })).toBeVisible();
    expect(within(refund).getByRole('textbox', { name: /Amount/ })).toHaveValue('45');
    expect(within(refund).getByRole('textbox', { name: 'Reference' })).toHaveValue('R-9');
  });

  it("another therapist reads none of the client's ledger or balance", async () => {
    const other = await createTherapist(server, 'other');
    signedIn(other);
    expect(await listAllEntries(other.id, [Query.equal('userId', therapist.id), Query.equal('clientId', client.$id)])).toEqual([]);
    expect(await getClientBalance(other.id, client.$id)).toBeNull();
  });
});

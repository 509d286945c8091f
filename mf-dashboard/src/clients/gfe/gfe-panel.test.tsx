// Issue 32: the client's Good Faith Estimate panel — the insurance question sets self-pay, then the
// draft form, each version with its due date, Deliver for a draft. The Appwrite calls are replaced
// here; backend/test/good-faith-estimates.test.ts runs the function against the local Appwrite.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { listServices } from '../../practice/api/list-services.ts';
import type { ServiceDocument } from '../../practice/api/service-document.ts';
import type { ClientDocument } from '../api/client-document.ts';
import { deliverGfe, draftGfe, listGfeVersions, saveSelfPay } from './gfe-api.ts';
import type { GfeVersion } from './gfe-due.ts';
import { GfePanel } from './gfe-panel.tsx';

vi.mock('../../practice/api/list-services.ts', () => ({ listServices: vi.fn() }));
vi.mock('./gfe-api.ts', () => ({ listGfeVersions: vi.fn(), draftGfe: vi.fn(), deliverGfe: vi.fn(), gfePdf: vi.fn(), saveSelfPay: vi.fn() }));

const client = { $id: 'c1', firstName: 'Jane', lastName: 'Doe', defaultServiceId: 's1', selfPay: null } as unknown as ClientDocument;
const v1: GfeVersion = {
  id: 'g1', clientId: 'c1', version: 1, status: 'draft', serviceId: 's1', fee: 12000, currency: 'USD', frequency: 'weekly', months: 12,
  startOn: '2026-12-21', basis: 'scheduled', basisOn: '2026-12-07', dueOn: '2026-12-10', total: 636000, deliveredAt: null,
};

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Ada Lovelace' } as AuthUser, status: 'signedIn' });
  vi.mocked(listServices).mockResolvedValue([{ $id: 's1', name: 'Psychotherapy' }] as unknown as ServiceDocument[]);
});

describe('GfePanel', () => {
  it('asks the insurance question; No makes the client self-pay and offers the estimate, its versions and Deliver', async () => {
    vi.mocked(saveSelfPay).mockResolvedValue();
    vi.mocked(listGfeVersions).mockResolvedValue([v1]);
    vi.mocked(draftGfe).mockResolvedValue({ estimate: { $id: 'g1' }, missing: ['the NPI'] });
    vi.mocked(deliverGfe).mockResolvedValue();
    render(<QueryProvider><GfePanel client={client} /></QueryProvider>);
    const question = screen.getByRole('group', { name: 'Will you use insurance for these sessions?' });
    expect(screen.queryByRole('button', { name: 'Draft estimate' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'No, self-pay' }));
    expect(saveSelfPay).toHaveBeenCalledWith('c1', true);
    expect(question).toBeVisible();
    expect(await screen.findByText('Version 1 · $6,360.00')).toBeVisible();
    expect(screen.getByText('Due Thu, Dec 10, 2026')).toBeVisible();

    await userEvent.type(screen.getByLabelText('First session'), '2026-12-21');
    await userEvent.click(screen.getByRole('button', { name: 'Draft estimate' }));
    expect(draftGfe).toHaveBeenCalledWith(expect.objectContaining({ clientId: 'c1', serviceId: 's1', frequency: 'weekly', months: 12, startOn: '2026-12-21', basis: 'scheduled' }));
    expect(await screen.findByText('Before it can be delivered, add the NPI.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Deliver to the client’s portal' }));
    expect(deliverGfe).toHaveBeenCalledWith('g1');
  });

  it('Yes (insurance) says an estimate is for self-pay clients and offers none', async () => {
    vi.mocked(saveSelfPay).mockResolvedValue();
    render(<QueryProvider><GfePanel client={client} /></QueryProvider>);
    await userEvent.click(screen.getByRole('radio', { name: 'Yes, with insurance' }));
    expect(saveSelfPay).toHaveBeenCalledWith('c1', false);
    expect(await screen.findByText('A Good Faith Estimate is for self-pay clients (No Surprises Act).')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Draft estimate' })).toBeNull();
    expect(listGfeVersions).not.toHaveBeenCalled();
  });
});

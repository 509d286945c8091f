// Today (issue #13): the practice's name or a prompt to set it up, the client count, and the "Get
// started" checklist done or not from the practice's data. The Appwrite calls are replaced here;
// e2e/tests/practice.spec.ts runs the same page against the local Appwrite.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppwriteException } from 'appwrite';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { listClients } from '../clients/api/list-clients.ts';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { getPracticeSettings, type PracticeSettingsDocument } from '../practice/api/get-practice-settings.ts';
import { listServices } from '../practice/api/list-services.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { suggestedServices } from '../practice/services.ts';
import { TodayPage } from './today-page.tsx';

vi.mock('../practice/api/get-practice-settings.ts', () => ({ getPracticeSettings: vi.fn() }));
vi.mock('../practice/api/list-services.ts', () => ({ listServices: vi.fn() }));
vi.mock('../clients/api/list-clients.ts', () => ({ listClients: vi.fn() }));

function renderToday() {
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Ada Lovelace' } as AuthUser, status: 'signedIn' });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <QueryProvider>
        <TodayPage />
      </QueryProvider>
    </MemoryRouter>,
  );
}

const services = (fees: (number | null)[]) => fees.map((fee, i) => ({ ...suggestedServices()[i]!, fee, $id: `s${i}` })) as unknown as ServiceDocument[];
const clients = (count: number) => Array.from({ length: count }, (_, i) => ({ $id: `c${i}` })) as unknown as ClientDocument[];

const step = (name: string) => screen.getByRole('link', { name }).closest('li')!;

beforeEach(() => {
  vi.resetAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('Today', () => {
  it('a new practice: a prompt to set it up, no clients, nothing done yet', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(null);
    vi.mocked(listServices).mockResolvedValue([]);
    vi.mocked(listClients).mockResolvedValue([]);
    renderToday();
    expect(await screen.findByText(/Your practice has no name yet/)).toBeVisible();
    expect(await screen.findByRole('link', { name: '0 clients' })).toHaveAttribute('href', '/dashboard/clients');
    expect(screen.getByText('0 of 3 done')).toBeVisible();
    for (const name of ['Set up your practice', 'Add a service', 'Add a client']) expect(within(step(name)).getByText('Not done')).toBeVisible();
  });

  it('a practice under way: its name, the client count, and each step from the data', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue({ practiceName: 'Calm Waters Therapy' } as PracticeSettingsDocument);
    vi.mocked(listServices).mockResolvedValue(services([null, 12000, null]));
    vi.mocked(listClients).mockResolvedValue(clients(1));
    renderToday();
    expect(await screen.findByText('Calm Waters Therapy')).toBeVisible();
    expect(await screen.findByRole('link', { name: '1 client' })).toBeVisible();
    expect(await screen.findByText('3 of 3 done')).toBeVisible();
    expect(within(step('Add a service')).getByText('Done')).toBeVisible();
  });

  it('suggested services without fees are not "a service" yet', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue({ practiceName: 'Calm Waters Therapy' } as PracticeSettingsDocument);
    vi.mocked(listServices).mockResolvedValue(services([null, null, null]));
    vi.mocked(listClients).mockResolvedValue(clients(2));
    renderToday();
    expect(await screen.findByText('2 of 3 done')).toBeVisible();
    expect(within(step('Add a service')).getByText('Not done')).toBeVisible();
    expect(within(step('Add a service')).getByText('Give at least one service its fee.')).toBeVisible();
  });

  it('a failed load names what failed, and Retry loads it again', async () => {
    vi.mocked(getPracticeSettings).mockResolvedValue(null);
    vi.mocked(listServices).mockResolvedValue([]);
    vi.mocked(listClients).mockRejectedValueOnce(new AppwriteException('Server error', 500)).mockResolvedValueOnce(clients(4));
    renderToday();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading clients failed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: '4 clients' })).toBeVisible();
  });
});

// Practice → Availability (issue 32) as a therapist meets it: the tab loads its own chunk, working
// hours are validated before they are saved (the end after the start), several windows a day and a
// day-off override are stored as the book-slot function reads them, and a service's booking rules
// save with empty caps as "no cap". The Appwrite calls are replaced; the collections' permissions run
// over HTTP in backend/test/cross-user-documents.test.ts and book-slot.test.ts.
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { getPracticeSettings, type PracticeSettingsDocument } from '../practice/api/get-practice-settings.ts';
import { listServices } from '../practice/api/list-services.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { PracticePage } from '../practice/practice-page.tsx';
import { getAvailability, listBookingRules, saveAvailability, saveBookingRule } from './api/availability-api.ts';
import { DEFAULT_AVAILABILITY } from './availability-model.ts';

vi.mock('../practice/api/get-practice-settings.ts', () => ({ getPracticeSettings: vi.fn() }));
vi.mock('../practice/api/list-services.ts', () => ({ listServices: vi.fn() }));
vi.mock('./api/availability-api.ts', () => ({ getAvailability: vi.fn(), listBookingRules: vi.fn(), saveAvailability: vi.fn(), saveBookingRule: vi.fn() }));

const THERAPIST_ID = 'therapist1';

function renderPage() {
  useAuthStore.setState({ user: { $id: THERAPIST_ID, name: 'Ada Lovelace', email: 'ada@example.test' } as AuthUser, status: 'signedIn' });
  return render(
    <MemoryRouter initialEntries={['/dashboard/practice?tab=availability']}>
      <QueryProvider>
        <PracticePage />
      </QueryProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getPracticeSettings).mockResolvedValue({ $id: 'p1', userId: THERAPIST_ID, practiceName: 'Calm Waters', timeZone: 'America/Chicago', currency: 'USD' } as unknown as PracticeSettingsDocument);
  vi.mocked(listServices).mockResolvedValue([{ $id: 's1', name: 'Psychotherapy', durationMinutes: 50, archived: false } as unknown as ServiceDocument]);
  vi.mocked(getAvailability).mockResolvedValue({ document: null, availability: DEFAULT_AVAILABILITY });
  vi.mocked(listBookingRules).mockResolvedValue(new Map());
  vi.mocked(saveAvailability).mockImplementation(async () => ({}) as never);
  vi.mocked(saveBookingRule).mockImplementation(async () => ({}) as never);
});

describe('Practice → Availability', () => {
  it('refuses an end before the start beside the field, then saves two windows on Monday and a day off', async () => {
    const user = userEvent.setup();
    renderPage();
    // The tab's chunk loads on first open.
    expect(await screen.findByText(/Times are in America\/Chicago/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    const monday = screen.getByRole('group', { name: 'Monday' });
    await user.click(within(monday).getByRole('button', { name: 'Add hours to Monday' }));
    const [, secondFrom] = within(monday).getAllByLabelText('Monday from');
    const [, secondUntil] = within(monday).getAllByLabelText('Monday until');
    // Time and date inputs take a whole value (jsdom has no picker to type into).
    fireEvent.change(secondFrom!, { target: { value: '18:00' } });
    fireEvent.change(secondUntil!, { target: { value: '17:00' } });
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect(await within(monday).findByText('The end must be after the start.')).toBeInTheDocument();
    expect(saveAvailability).not.toHaveBeenCalled();

    fireEvent.change(secondUntil!, { target: { value: '20:00' } });
    await user.click(screen.getByRole('button', { name: 'Add a date override' }));
    const override = screen.getByRole('group', { name: 'Override 1' });
    fireEvent.change(within(override).getByLabelText('First day'), { target: { value: '2026-12-24' } });
    fireEvent.change(within(override).getByLabelText('Last day'), { target: { value: '2026-12-26' } });
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('Working hours saved.')).toBeInTheDocument();
    const [, , saved] = vi.mocked(saveAvailability).mock.calls[0]!;
    expect(saved.weekly.MO).toEqual([{ start: '09:00', end: '17:00' }, { start: '18:00', end: '20:00' }]);
    expect(saved.weekly.SA).toEqual([]);
    expect(saved.overrides).toEqual([{ from: '2026-12-24', to: '2026-12-26', windows: [] }]);
  }, 60_000);

  it('saves a service\'s booking rules; an empty cap is no cap and a notice out of range is refused', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Online booking of Psychotherapy' }, { timeout: 15_000 });
    await user.selectOptions(within(form).getByLabelText('Who can book online'), 'existing');
    await user.selectOptions(within(form).getByLabelText('Confirmation'), 'instant');
    const notice = within(form).getByLabelText('Minimum notice (hours)');
    await user.clear(notice);
    await user.type(notice, '1000');
    await user.click(within(form).getByRole('button', { name: 'Save rules for Psychotherapy' }));
    expect(await within(form).findByText('Enter the notice in hours, from 0 to 720.')).toBeInTheDocument();
    await user.clear(notice);
    await user.type(notice, '12');
    await user.type(within(form).getByLabelText('At most per day'), '4');
    await user.click(within(form).getByRole('button', { name: 'Save rules for Psychotherapy' }));
    expect(await within(form).findByText('Booking rules for Psychotherapy saved.')).toBeInTheDocument();
    expect(saveBookingRule).toHaveBeenCalledWith(THERAPIST_ID, 's1', null, {
      bookableBy: 'existing', confirmation: 'instant', noticeHours: 12, horizonDays: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, startGrid: '60', maxPerDay: 4, maxPerWeek: null,
    });
  }, 60_000);
});

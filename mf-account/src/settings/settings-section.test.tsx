import type { AuthUser } from '@cadence/shared-auth';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { describe, expect, it, vi } from 'vitest';

// The Security card's two-step block reads the account's factors (issue 17); off here.
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  listTwoStepFactors: () => Promise.resolve({ totp: false, phone: false, email: true, recoveryCode: false, custom: false }),
}));
const { SettingsSection } = await import('./settings-section.tsx');
const { QueryProvider } = await import('@cadence/shared-auth/query');

const therapist = (emailVerification: boolean) => ({
  $id: 'u1', name: 'Ada Lovelace', email: 'ada@example.test', emailVerification, labels: ['subscribed'],
  registration: '2026-03-03T10:00:00.000Z', $createdAt: '2026-03-03T10:00:00.000Z', prefs: {},
}) as unknown as AuthUser;

function renderSettings(user: AuthUser) {
  return render(<QueryProvider><MemoryRouter initialEntries={['/account']}><SettingsSection user={user} subscription={null} /></MemoryRouter></QueryProvider>);
}

/** The <dd> of a settings row, found by its <dt>. */
function row(term: string): HTMLElement {
  const value = screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${term}`);
  return value;
}

describe('SettingsSection email verification (spec §2 Settings; issue 20)', () => {
  it('a verified address says so, and offers no Resend Email Verification (Appwrite would refuse it)', () => {
    renderSettings(therapist(true));
    expect(within(row('Email')).getByText('Verified')).toBeVisible();
    expect(screen.queryByText('Unverified')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend Email Verification' })).toBeNull();
  });

  it('an unverified address is marked Unverified and can be sent again', () => {
    renderSettings(therapist(false));
    expect(within(row('Email')).getByText('Unverified')).toBeVisible();
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend Email Verification' })).toBeVisible();
  });
});

describe('SettingsSection inline edits look editable (spec §2 Settings; issue 20)', () => {
  it.each([
    ['Name', 'Ada Lovelace', 'Edit name: Ada Lovelace', 'Cancel name edit'],
    ['Email', 'ada@example.test', 'Edit email: ada@example.test', null],
  ])('%s: the value as text beside a visible, labelled Edit button that the keyboard opens and closes', async (term, value, editName, cancelName) => {
    const user = userEvent.setup();
    renderSettings(therapist(true));
    const shown = within(row(term)).getByText(value);
    expect(shown.closest('button')).toBeNull();
    const edit = within(row(term)).getByRole('button', { name: editName });
    expect(edit.textContent).toBe('Edit');
    expect(edit.querySelector('svg')).not.toBeNull();

    edit.focus();
    await user.keyboard('{Enter}');
    const input = within(row(term)).getByRole('textbox', { name: term });
    expect(input).toHaveFocus();
    expect(input).toHaveProperty('value', value);
    await user.keyboard('{Escape}');
    expect(within(row(term)).queryByRole('textbox')).toBeNull();
    expect(within(row(term)).getByRole('button', { name: editName })).toHaveFocus();
    if (cancelName) {
      await user.keyboard('{Enter}');
      await user.click(within(row(term)).getByRole('button', { name: cancelName }));
      expect(within(row(term)).getByRole('button', { name: editName })).toHaveFocus();
    }
  });
});

describe('SettingsSection email edit (spec §5; issue 20)', () => {
  it('Enter shows the alert and closes the editor, back on the Edit button, which that Enter does not press again', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSettings(therapist(true));
    await user.click(within(row('Email')).getByRole('button', { name: 'Edit email: ada@example.test' }));
    await user.keyboard('{Enter}');
    expect(alert).toHaveBeenCalledExactlyOnceWith('Email changes require password confirmation. Use the Change Email section below.');
    expect(within(row('Email')).queryByRole('textbox')).toBeNull();
    expect(within(row('Email')).getByRole('button', { name: 'Edit email: ada@example.test' })).toHaveFocus();
    alert.mockRestore();
  });
});

describe('SettingsSection Security block (spec §2 Settings; issue 20)', () => {
  it('the delete block\'s heading does not repeat its button, which keeps the spec\'s Delete Account', () => {
    renderSettings(therapist(true));
    const button = screen.getByRole('button', { name: 'Delete Account' });
    const headings = screen.getAllByRole('heading').map((h) => h.textContent?.trim().toLowerCase());
    expect(headings).not.toContain('delete account');
    expect(button).toBeVisible();
  });
});

// A locked note's page (issue #15 "Sign & lock"): "Signed by …", Verify and addenda only with the
// signature sign-note wrote; a note merely marked signed through the API shows a plain warning that
// it is not signed. And the one password-confirm dialog of Add addendum. The Appwrite calls are
// replaced at the api modules; backend/test/sign-note.test.ts runs them against the local Appwrite.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import type { AppointmentDocument } from '../../schedule/appointment.ts';
import { listAddenda } from './api/list-addenda.ts';
import type { NoteSignature } from './api/note-signatures.ts';
import { getPrivateNote } from './api/private-note.ts';
import { addAddendum, SignRefusal, signNote } from './api/sign-note.ts';
import { noteHash, type ProgressNoteDocument } from './progress-note.ts';
import { SignedNote, UNSIGNED_LOCKED } from './signed-note.tsx';

vi.mock('./api/list-addenda.ts', () => ({ listAddenda: vi.fn() }));
vi.mock('./api/private-note.ts', () => ({ getPrivateNote: vi.fn(), savePrivateNote: vi.fn() }));
vi.mock('./api/sign-note.ts', async (original) => ({ ...(await original<typeof import('./api/sign-note.ts')>()), signNote: vi.fn(), addAddendum: vi.fn() }));

const THERAPIST = 'therapist1';
const jane = { $id: 'jane1', userId: THERAPIST, firstName: 'Jane', lastName: 'Doe', preferredName: null, dateOfBirth: null, diagnosisCodes: [] } as unknown as ClientDocument;
const appointment = {
  $id: 'appt1', userId: THERAPIST, clientId: jane.$id, serviceId: 'svc1', start: '2026-03-03T16:00:00.000Z', end: '2026-03-03T16:45:00.000Z', status: 'show', locationType: 'office', noteState: 'signed',
} as unknown as AppointmentDocument;
const signedValues = { signedAt: '2026-03-03T17:05:00.000+00:00', signerName: 'Dana Reyes', signerCredentials: 'LCSW' };
const note = {
  $id: 'note1', $permissions: [`read("user:${THERAPIST}")`], userId: THERAPIST, appointmentId: appointment.$id, clientId: jane.$id, template: 'soap',
  content: JSON.stringify({ sections: { subjective: 'Sleeping better.' }, extra: [] }), riskLevel: 'none', riskDetails: null, interventions: [], goalsProgress: null,
  diagnosisCodes: ['F41.1'], status: 'signed', revision: 2, ...signedValues, contentHash: '',
} as unknown as ProgressNoteDocument;

async function signatureOf(of: ProgressNoteDocument): Promise<NoteSignature> {
  return { $id: of.$id, userId: THERAPIST, noteId: of.$id, appointmentId: of.appointmentId, contentHash: await noteHash(of), ...signedValues } as NoteSignature;
}

function renderNote(of: ProgressNoteDocument, signature: NoteSignature | null) {
  useAuthStore.setState({ user: { $id: THERAPIST, name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(
    <MemoryRouter initialEntries={['/dashboard/sessions/appt1/note']}>
      <QueryProvider>
        <SignedNote note={of} signature={signature} settings={null} appointment={appointment} client={jane} service={undefined} timeZone="America/New_York" />
      </QueryProvider>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  vi.resetAllMocks();
  queryClient.clear();
  note.contentHash = await noteHash(note);
  vi.mocked(listAddenda).mockResolvedValue([]);
  vi.mocked(getPrivateNote).mockResolvedValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a locked note', () => {
  it('with its signature: Signed by …, Verify recomputes the hash against the signature, Add addendum', async () => {
    const user = userEvent.setup();
    renderNote(note, await signatureOf(note));
    expect(screen.getByText(/^Signed by Dana Reyes, LCSW on /)).toBeVisible();
    expect(screen.queryByText(UNSIGNED_LOCKED.title)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified: the note is exactly as it was signed.')).toBeVisible();
    expect(await screen.findByText('No addenda.')).toBeVisible();
  });

  it('Verify tells a note that differs from its signature', async () => {
    const user = userEvent.setup();
    const signature = await signatureOf(note);
    renderNote(note, { ...signature, signerCredentials: 'LMFT' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This note does not match its signature.')).toBeVisible();
  });

  it('without a signature (marked signed through the API): a plain warning, no Signed by, no Verify or addenda, and Sign note', async () => {
    vi.mocked(signNote).mockRejectedValue(new SignRefusal('The password is incorrect.'));
    const user = userEvent.setup();
    renderNote(note, null);
    expect(screen.getByText(UNSIGNED_LOCKED.title)).toBeVisible();
    expect(screen.getByText(UNSIGNED_LOCKED.text)).toBeVisible();
    expect(screen.getByText('Not signed')).toBeVisible();
    expect(screen.queryByText(/Signed by/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add addendum' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Addenda' })).toBeNull();
    expect(listAddenda).not.toHaveBeenCalled();
    expect(screen.getByText('Sleeping better.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sign note' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign the note for Jane Doe?' });
    await user.type(screen.getByLabelText(/^Your password/), 'not it');
    await user.click(screen.getByRole('button', { name: 'Sign and lock' }));
    expect(await screen.findByText('The password is incorrect.')).toBeVisible();
    expect(signNote).toHaveBeenCalledWith('note1', 'not it');
    expect(dialog).toBeVisible();
  });
});

describe('Add addendum (the password-confirm dialog)', () => {
  it('asks for the text, then the password, shows a refusal in the dialog and closes once added', async () => {
    vi.mocked(addAddendum).mockRejectedValueOnce(new SignRefusal('The password is incorrect.')).mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    renderNote(note, await signatureOf(note));
    await user.click(screen.getByRole('button', { name: 'Add addendum' }));
    expect(screen.getByRole('dialog', { name: 'Add an addendum' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign and add' }));
    expect(screen.getByText('Write the addendum.')).toBeVisible();
    await user.type(screen.getByLabelText(/^Addendum/), 'Client called the next day.');
    await user.click(screen.getByRole('button', { name: 'Sign and add' }));
    expect(screen.getByText('Enter your password.')).toBeVisible();
    expect(addAddendum).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Your password/), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Sign and add' }));
    expect(await screen.findByText('The password is incorrect.')).toBeVisible();
    expect(screen.getByText('Not added')).toBeVisible();
    await user.clear(screen.getByLabelText(/^Your password/));
    await user.type(screen.getByLabelText(/^Your password/), 'right one');
    await user.click(screen.getByRole('button', { name: 'Sign and add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add an addendum' })).toBeNull());
    expect(addAddendum).toHaveBeenLastCalledWith('note1', 'Client called the next day.', 'right one');
  });
});

describe('the mental status exam on a signed note (issue 37)', () => {
  it('shows each assessed domain, and says "Not assessed" when none was', async () => {
    const examined = { ...note, content: JSON.stringify({ sections: { subjective: 'Sleeping better.', 'mse:mood': 'Euthymic', 'mse:insight': 'Good' }, extra: [] }) };
    renderNote(examined, null);
    expect(screen.getByRole('heading', { name: 'Mental status — Mood' })).toBeVisible();
    expect(screen.getByText('Euthymic')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Mental status — Insight' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Mental status — Affect' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Mental status exam' })).toBeNull();
  });

  it('a note without findings says the exam was not assessed', () => {
    renderNote(note, null);
    const heading = screen.getByRole('heading', { name: 'Mental status exam' });
    expect(heading.nextElementSibling).toHaveTextContent('Not assessed');
  });
});


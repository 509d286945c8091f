// The note editor's states (issue #15 "Nothing lost") as the therapist sees them: Saved, Saving…,
// Offline — saved on this device, signed out, another tab's newer save shown and never overwritten,
// and leaving with unsaved changes asking first. The Appwrite calls are replaced at the api modules;
// backend/test/sign-note.test.ts runs the note's collections over HTTP and e2e/tests/notes.spec.ts
// runs the editor against the local Appwrite (two tabs, an expired session, offline).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppwriteException } from 'appwrite';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { Route, Routes, useLocation } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import type { AppointmentDocument } from '../../schedule/appointment.ts';
import { updateAppointment } from '../../schedule/api/update-appointment.ts';
import { lastSignedNote } from './api/last-signed-note.ts';
import { getPrivateNote } from './api/private-note.ts';
import { createNote, NoteConflict, saveNote } from './api/save-note.ts';
import { readLocalDraft } from './local-drafts.ts';
import { NoteEditor } from './note-editor.tsx';
import { NOTE_MESSAGES } from './note-readiness.ts';
import type { NoteDraftFields, ProgressNoteDocument } from './progress-note.ts';
import { LEAVE_QUESTION } from './use-note-draft.ts';

vi.mock('./api/save-note.ts', async (original) => ({ ...(await original<typeof import('./api/save-note.ts')>()), saveNote: vi.fn(), createNote: vi.fn() }));
vi.mock('./api/last-signed-note.ts', () => ({ lastSignedNote: vi.fn() }));
vi.mock('./api/private-note.ts', () => ({ getPrivateNote: vi.fn(), savePrivateNote: vi.fn() }));
vi.mock('../../schedule/api/update-appointment.ts', () => ({ updateAppointment: vi.fn() }));

const THERAPIST = 'therapist1';
const jane = { $id: 'jane1', userId: THERAPIST, firstName: 'Jane', lastName: 'Doe', preferredName: null, dateOfBirth: '1990-04-02', diagnosisCodes: ['F41.1'] } as unknown as ClientDocument;
const appointment = {
  $id: 'appt1', $permissions: [], userId: THERAPIST, clientId: jane.$id, serviceId: 'svc1', seriesId: null, start: '2026-03-03T16:00:00.000Z', end: '2026-03-03T16:45:00.000Z',
  status: 'show', locationType: 'office', meetingLink: null, adminNote: null, feeAmount: null, currency: 'USD', feeWaived: false, feeWaivedReason: null, statusHistory: [], noteState: 'draft',
} as unknown as AppointmentDocument;

const content = (subjective: string) => JSON.stringify({ sections: { subjective }, extra: [] });
const fields = (subjective: string): NoteDraftFields => ({
  template: 'soap', content: content(subjective), riskLevel: 'none', riskDetails: null, interventions: [], goalsProgress: null, diagnosisCodes: ['F41.1'],
});
const stored = (subjective: string, revision: number): ProgressNoteDocument => ({
  ...fields(subjective), $id: 'note1', $collectionId: 'progress_notes', $databaseId: 'main', $createdAt: '2026-03-03T17:00:00.000+00:00', $updatedAt: '2026-03-03T17:00:00.000+00:00',
  $permissions: [`read("user:${THERAPIST}")`, `update("user:${THERAPIST}")`, `delete("user:${THERAPIST}")`], $sequence: '1', userId: THERAPIST, appointmentId: appointment.$id,
  clientId: jane.$id, status: 'draft', revision, signedAt: null, signerName: null, signerCredentials: null, contentHash: null,
}) as ProgressNoteDocument;

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderEditor(server: ProgressNoteDocument | null) {
  useAuthStore.setState({ user: { $id: THERAPIST, name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(
    <MemoryRouter initialEntries={['/dashboard/sessions/appt1/note']}>
      <QueryProvider>
        <Routes>
          <Route
            path="/dashboard/sessions/:appointmentId/note"
            element={<NoteEditor userId={THERAPIST} server={server} settings={null} appointment={appointment} client={jane} service={undefined} timeZone="America/New_York" />}
          />
          <Route path="/dashboard/clients/:clientId" element={<p>Client page</p>} />
        </Routes>
        <CurrentPath />
      </QueryProvider>
    </MemoryRouter>,
  );
}

/** The editor's save state (the private note has a status of its own). */
const saveState = () => screen.getAllByRole('status').find((element) => element.classList.contains('note-save'))!;
const subjective = () => screen.getByRole('textbox', { name: 'Subjective' });

/** A promise settled from the outside: a save in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  window.localStorage.clear();
  setOnline(true);
  vi.mocked(lastSignedNote).mockResolvedValue(null);
  vi.mocked(getPrivateNote).mockResolvedValue(null);
  vi.mocked(updateAppointment).mockResolvedValue(appointment);
});

afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
});

describe('the note editor’s save states', () => {
  it('says Saved, Saving… while typing and while the save runs, then Saved with the server’s new revision', async () => {
    const save = deferred<ProgressNoteDocument>();
    vi.mocked(saveNote).mockReturnValueOnce(save.promise).mockImplementation(async (_id, base, sent) => ({ ...stored('', base + 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(stored('Slept badly.', 1));
    expect(saveState()).toHaveTextContent(/^Saved$/);
    expect(subjective()).toHaveValue('Slept badly.');

    await user.type(subjective(), ' Better now.');
    expect(saveState()).toHaveTextContent('Saving…');
    await waitFor(() => expect(saveNote).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(saveNote).toHaveBeenCalledWith('note1', 1, fields('Slept badly. Better now.'));
    expect(saveState()).toHaveTextContent('Saving…');
    // On the device meanwhile, as typed.
    expect(readLocalDraft(appointment.$id)?.fields.content).toBe(content('Slept badly. Better now.'));

    await act(async () => save.resolve({ ...stored('Slept badly. Better now.', 2) }));
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved$/));
    // Saved: the device's copy is gone; the next save is based on revision 2.
    expect(readLocalDraft(appointment.$id)).toBeNull();
    await user.type(subjective(), '!');
    await waitFor(() => expect(saveNote).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(vi.mocked(saveNote).mock.calls[1]?.slice(0, 2)).toEqual(['note1', 2]);
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved$/));
  });

  it('offline: Offline — saved on this device, nothing sent; back online it is saved', async () => {
    vi.mocked(saveNote).mockImplementation(async (_id, base, sent) => ({ ...stored('', base + 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(stored('', 1));
    setOnline(false);
    await user.type(subjective(), 'Written on the train.');
    await waitFor(() => expect(saveState()).toHaveTextContent('Offline — saved on this device'), { timeout: 3000 });
    expect(saveNote).not.toHaveBeenCalled();
    await waitFor(() => expect(readLocalDraft(appointment.$id)?.fields.content).toBe(content('Written on the train.')));

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved$/));
    expect(saveNote).toHaveBeenCalledWith('note1', 1, fields('Written on the train.'));
    expect(readLocalDraft(appointment.$id)).toBeNull();
  });

  it('a network failure is offline too, and an expired session keeps the words on the device until the therapist signs in again', async () => {
    vi.mocked(saveNote)
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new AppwriteException('User (role: guests) missing scope (account)', 401, 'general_unauthorized_scope'));
    const user = userEvent.setup();
    renderEditor(stored('', 1));
    await user.type(subjective(), 'First words.');
    await waitFor(() => expect(saveState()).toHaveTextContent('Offline — saved on this device'), { timeout: 3000 });
    await user.type(subjective(), ' More.');
    await waitFor(() => expect(saveState()).toHaveTextContent('Signed out — saved on this device; sign in again to save it'), { timeout: 3000 });
    expect(subjective()).toHaveValue('First words. More.');
    await waitFor(() => expect(readLocalDraft(appointment.$id)?.fields.content).toBe(content('First words. More.')));
  });

  it('creates the note with its first save', async () => {
    vi.mocked(createNote).mockImplementation(async (_user, _ids, sent) => ({ ...stored('', 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(null);
    await user.type(subjective(), 'New note.');
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved$/), { timeout: 3000 });
    expect(createNote).toHaveBeenCalledWith(THERAPIST, { appointmentId: appointment.$id, clientId: jane.$id }, expect.objectContaining({ content: content('New note.') }));
  });
});

describe('typing in a long note', () => {
  it('writes no text back into the textarea per keystroke (React rewrites a controlled textarea’s whole text as its default value)', async () => {
    vi.mocked(saveNote).mockImplementation(async (_id, base, sent) => ({ ...stored('', base + 1), ...sent }));
    const proto = HTMLTextAreaElement.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'defaultValue')!;
    let writes = 0;
    Object.defineProperty(proto, 'defaultValue', {
      configurable: true,
      get: descriptor.get,
      set(value: string) {
        if (value.length > 0) writes += 1;
        descriptor.set!.call(this, value);
      },
    });
    try {
      const user = userEvent.setup();
      renderEditor(stored('word '.repeat(2000), 1));
      await screen.findByText('Saved as you type.');
      writes = 0;
      await user.type(subjective(), 'abc');
      expect(subjective()).toHaveValue(`${'word '.repeat(2000)}abc`);
      expect(writes).toBe(0);
      await waitFor(() => expect(saveNote).toHaveBeenCalledWith('note1', 1, fields(`${'word '.repeat(2000)}abc`)), { timeout: 3000 });
    } finally {
      Object.defineProperty(proto, 'defaultValue', descriptor);
    }
  });

  it('switching the template keeps what was typed (the sections are redrawn with it)', async () => {
    vi.mocked(saveNote).mockImplementation(async (_id, base, sent) => ({ ...stored('', base + 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(stored('', 1));
    await user.type(subjective(), 'Typed under SOAP.');
    await user.selectOptions(screen.getByLabelText('Template'), 'dap');
    expect(screen.getByRole('textbox', { name: 'Subjective (from another template)' })).toHaveValue('Typed under SOAP.');
    await user.selectOptions(screen.getByLabelText('Template'), 'soap');
    expect(subjective()).toHaveValue('Typed under SOAP.');
  });
});

describe('two tabs on one note', () => {
  it('another tab’s newer save is shown and never overwritten: the therapist keeps their text (saved on the newer revision) or takes the other', async () => {
    vi.mocked(saveNote)
      .mockRejectedValueOnce(new NoteConflict(stored('Written in the other tab.', 3)))
      .mockImplementation(async (_id, base, sent) => ({ ...stored('', base + 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(stored('', 2));
    await user.type(subjective(), 'Written here.');
    expect(await screen.findByText('This note was changed in another tab or on another device', {}, { timeout: 3000 })).toBeVisible();
    expect(screen.getByText('Written in the other tab.', { selector: '.note-conflict dd' })).toBeVisible();
    // Mine is on screen and on the device; theirs was not overwritten: one save attempt only.
    expect(subjective()).toHaveValue('Written here.');
    expect(readLocalDraft(appointment.$id)?.fields.content).toBe(content('Written here.'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(saveNote).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Keep my text' }));
    await waitFor(() => expect(saveNote).toHaveBeenCalledTimes(2));
    expect(saveNote).toHaveBeenLastCalledWith('note1', 3, fields('Written here.'));
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved$/));
    expect(screen.queryByText('This note was changed in another tab or on another device')).toBeNull();
  });

  it('taking the other tab’s text replaces what is on screen and sends nothing', async () => {
    vi.mocked(saveNote).mockRejectedValueOnce(new NoteConflict(stored('Written in the other tab.', 3)));
    const user = userEvent.setup();
    renderEditor(stored('', 2));
    await user.type(subjective(), 'Written here.');
    await screen.findByText('This note was changed in another tab or on another device', {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Use the newer text' }));
    expect(subjective()).toHaveValue('Written in the other tab.');
    expect(saveState()).toHaveTextContent(/^Saved$/);
    expect(readLocalDraft(appointment.$id)).toBeNull();
    expect(saveNote).toHaveBeenCalledTimes(1);
  });

  it('a draft left on this device on an older revision than the server’s opens as a conflict, not over the newer text', async () => {
    window.localStorage.setItem(`cadence.note-draft.${appointment.$id}`, JSON.stringify({ fields: fields('Typed here before the crash.'), baseRevision: 1, editedAt: Date.now() }));
    vi.mocked(saveNote).mockImplementation(async (_id, base, sent) => ({ ...stored('', base + 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(stored('Saved in the other tab.', 2));
    expect(await screen.findByText('This note was changed in another tab or on another device')).toBeVisible();
    expect(screen.getByText('Saved in the other tab.', { selector: '.note-conflict dd' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(saveNote).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep my text' }));
    expect(subjective()).toHaveValue('Typed here before the crash.');
    await waitFor(() => expect(saveNote).toHaveBeenCalledWith('note1', 2, fields('Typed here before the crash.')));
  });
});

describe('leaving the editor', () => {
  it('with unsaved changes asks first: staying keeps the editor; closing the tab is held back too', async () => {
    vi.mocked(saveNote).mockReturnValue(new Promise(() => undefined));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderEditor(stored('', 1));
    await user.type(subjective(), 'Not saved yet.');

    await user.click(screen.getByRole('link', { name: 'Jane Doe' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/sessions/appt1/note');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Jane Doe' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/clients/jane1');
    // The words stay on the device, to be sent when the note is opened again.
    expect(readLocalDraft(appointment.$id)?.fields.content).toBe(content('Not saved yet.'));
  });

  it('with everything saved leaves without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderEditor(stored('All saved.', 1));
    await user.click(screen.getByRole('link', { name: 'Jane Doe' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/clients/jane1');
  });
});

describe('risk before signing (issue 37: nothing asserted that was not assessed)', () => {
  it('a new note opens with no risk chosen, is saved without one, and Sign note is refused until the therapist chooses', async () => {
    vi.mocked(createNote).mockImplementation(async (_user, _ids, sent) => ({ ...stored('', 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(null);
    const risk = screen.getByRole('group', { name: 'Risk assessment' });
    for (const radio of within(risk).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.type(subjective(), 'Talked about work.');
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved$/), { timeout: 3000 });
    expect(createNote).toHaveBeenCalledWith(THERAPIST, expect.anything(), expect.objectContaining({ riskLevel: null }));

    await user.click(screen.getByRole('button', { name: 'Sign note' }));
    expect(screen.getByRole('alert')).toHaveTextContent(NOTE_MESSAGES.riskLevel);
    expect(within(risk).getByText(NOTE_MESSAGES.riskLevel)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(risk).getByRole('radio', { name: 'None' }));
    await user.click(screen.getByRole('button', { name: 'Sign note' }));
    expect(await screen.findByRole('dialog', { name: 'Sign the note for Jane Doe?' })).toBeInTheDocument();
  });
});

describe('the mental status exam (issue 37)', () => {
  it('every domain starts "Not assessed"; only a chosen finding is saved, and "Not assessed" takes it out again', async () => {
    vi.mocked(saveNote).mockImplementation(async (_id, base, sent) => ({ ...stored('', base + 1), ...sent }));
    const user = userEvent.setup();
    renderEditor(stored('Tired.', 1));
    const exam = screen.getByRole('group', { name: 'Mental status exam' });
    const domains = within(exam).getAllByRole('combobox');
    expect(domains).toHaveLength(11);
    for (const domain of domains) expect(domain).toHaveDisplayValue('Not assessed');

    await user.selectOptions(within(exam).getByRole('combobox', { name: 'Mood' }), 'Depressed');
    await waitFor(() => expect(saveNote).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(JSON.parse(vi.mocked(saveNote).mock.calls[0]![2].content!)).toEqual({ sections: { subjective: 'Tired.', 'mse:mood': 'Depressed' }, extra: [] });

    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved$/));
    await user.selectOptions(within(exam).getByRole('combobox', { name: 'Mood' }), 'Not assessed');
    await waitFor(() => expect(saveNote).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(JSON.parse(vi.mocked(saveNote).mock.calls[1]![2].content!)).toEqual({ sections: { subjective: 'Tired.' }, extra: [] });
  });

  it('free text has no exam', () => {
    renderEditor({ ...stored('', 1), template: 'free_text', content: JSON.stringify({ sections: { note: 'Walked.' }, extra: [] }) });
    expect(screen.queryByRole('group', { name: 'Mental status exam' })).toBeNull();
  });
});

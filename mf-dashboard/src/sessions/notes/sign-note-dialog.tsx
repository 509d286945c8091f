import { SignRefusal, signNote } from './api/sign-note.ts';
import { useRefreshNote } from './note-queries.ts';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';

export interface SignNoteDialogProps {
  /** Saves what is on screen first and answers the note's id (null when it could not be saved). */
  prepare: () => Promise<string | null>;
  clientName: string;
  onClose: () => void;
}

/**
 * "Sign note": the therapist confirms with their password; the sign-note function checks it,
 * freezes the note (SHA-256 over its canonical form, signer and time) and makes it read-only.
 */
export function SignNoteDialog({ prepare, clientName, onClose }: SignNoteDialogProps) {
  const refresh = useRefreshNote();
  return (
    <PasswordConfirmDialog
      title={`Sign the note for ${clientName}?`}
      description="Once signed, the note can't be changed; corrections are added as addenda."
      confirmLabel="Sign and lock"
      busyLabel="Signing…"
      failureTitle="Not signed"
      fallbackError="The note was not signed."
      onConfirm={async (password) => {
        const noteId = await prepare();
        if (!noteId) throw new SignRefusal('The note is not saved yet. Check your connection and try again.');
        await signNote(noteId, password);
        await refresh();
      }}
      onClose={onClose}
    />
  );
}

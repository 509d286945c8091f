import { useState } from 'react';
import { Alert, Button, Dialog, Textarea } from '@cadence/shared-ui';
import { dateLabel, timeLabel, zonedTime } from './calendar-dates.ts';
import type { BookingRequest } from './booking-requests.ts';
import { useDecideRequest } from './decide-request.ts';

/** book-slot's limit on a decline's message (backend/appwrite.json booking_requests.message). */
export const DECLINE_MESSAGE_MAX = 1000;

export interface RequestDialogProps {
  request: BookingRequest;
  clientName: string;
  serviceName: string;
  timeZone: string;
  onClose: () => void;
  /** What was done, for the page's notice. */
  onDecided: (message: string) => void;
}

/**
 * A client's appointment request (issue 32): Approve makes the appointment; Decline asks for an
 * optional message first. The client is told either way (in the portal and by an email that names
 * nothing clinical) — book-slot's `decide`.
 */
export function RequestDialog({ request, clientName, serviceName, timeZone, onClose, onDecided }: RequestDialogProps) {
  const decide = useDecideRequest();
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const start = zonedTime(request.start, timeZone);
  const end = zonedTime(request.end, timeZone);
  const when = `${dateLabel(start.date)}, ${timeLabel(start.minutes)} – ${timeLabel(end.minutes)}`;
  const tooLong = message.trim().length > DECLINE_MESSAGE_MAX;
  const answer = (decision: 'approve' | 'decline') => {
    if (decision === 'decline' && tooLong) return;
    // Through the promise: once answered, the request leaves the lists and this dialog with it,
    // and a mutate() callback would not run after that.
    decide
      .mutateAsync({ requestId: request.id, decision, ...(decision === 'decline' && message.trim() ? { message: message.trim() } : {}) })
      .then(
        () => onDecided(decision === 'approve' ? `Approved: ${clientName}, ${when}. ${clientName} will be told.` : `Declined: ${clientName}, ${when}. ${clientName} will be told.`),
        () => undefined, // shown from decide.error
      );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Appointment request"
      description={`${clientName} asked for ${serviceName} on ${when}.`}
      dismissible={!decide.isPending}
      footer={declining ? (
        <>
          <Button onClick={() => setDeclining(false)} disabled={decide.isPending}>Back</Button>
          <Button variant="danger" onClick={() => answer('decline')} loading={decide.isPending} loadingLabel="Declining…">Decline request</Button>
        </>
      ) : (
        <>
          <Button onClick={() => setDeclining(true)} disabled={decide.isPending}>Decline…</Button>
          <Button variant="primary" onClick={() => answer('approve')} loading={decide.isPending} loadingLabel="Approving…">Approve</Button>
        </>
      )}
    >
      {decide.isError ? <Alert tone="error">{decide.error.message || 'The request could not be answered. Please try again.'}</Alert> : null}
      {declining ? (
        <Textarea
          label="Message to the client (optional)"
          hint="Shown to the client in their portal, e.g. another time that suits you. Not sent by email."
          value={message}
          rows={4}
          onChange={(event) => setMessage(event.target.value)}
          error={tooLong ? `Keep the message under ${DECLINE_MESSAGE_MAX.toLocaleString('en-US')} characters.` : undefined}
        />
      ) : (
        <p>Approving adds it to your calendar. Declining frees the time.</p>
      )}
    </Dialog>
  );
}

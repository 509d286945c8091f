// The local stand-in for an SMTP provider (issue 14): functions that send mail with an SMTP client
// (send-reminders, later invoices) point SMTP_HOST/SMTP_PORT here, and every message they send is
// filed in the dev mailbox (outbox.ts) like Appwrite's own mail — one entry per recipient, as each
// recipient's inbox would show it. Loopback only and no TLS: mail holds sign-in codes and client
// reminders, and nothing here is meant to be reached from another machine.
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Clock } from '../clock.ts';
import type { Store } from '../store.ts';
import { sendMail, type ReceivedAttachment } from './outbox.ts';

/** Above what a provider takes (25 MB is common): an invoice PDF fits many times over. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
const MAX_RECIPIENTS = 100;

export interface SmtpReceiver {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  readonly port: number;
  close(): Promise<void>;
}

export interface SmtpReceiverOptions {
  store: Store;
  clock: Clock;
  port: number;
  /** Where a message that could not be filed is reported (never thrown: the server keeps running). */
  warn: (message: string) => void;
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/** The message's bytes; past the size limit the rest is drained, not kept (null). */
async function readMessage(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total <= MAX_MESSAGE_BYTES) chunks.push(chunk as Buffer);
  }
  return total > MAX_MESSAGE_BYTES || stream.sizeExceeded ? null : Buffer.concat(chunks);
}

/** Files one received message for each envelope recipient. */
async function fileMessage(raw: Buffer, session: SMTPServerSession, { store, clock }: SmtpReceiverOptions): Promise<void> {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const attachments: ReceivedAttachment[] = parsed.attachments.map((a) => ({
    filename: a.filename ?? 'attachment',
    contentType: a.contentType,
    size: a.size,
    content: a.content.toString('base64'),
  }));
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const from = addressText(parsed.from) || envelopeFrom;
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  for (const recipient of session.envelope.rcptTo) {
    sendMail(store, { to: recipient.address, from, subject: parsed.subject ?? '', text: parsed.text ?? '', html, attachments }, clock.now());
  }
}

export async function startSmtpReceiver(options: SmtpReceiverOptions): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    name: 'localhost',
    banner: 'Cadence local mailbox (nothing is delivered; see /_dev/mail/ui)',
    logger: false,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxClients: 50,
    socketTimeout: 30_000,
    closeTimeout: 3_000,
    disableReverseLookup: true,
    // Plain SMTP on loopback: no STARTTLS (a client would then meet a self-signed certificate).
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    // Production SMTP needs credentials; here any (or none) is accepted, so the same function
    // variables work against both.
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'local' });
    },
    onRcptTo(_address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        callback(Object.assign(new Error('Too many recipients'), { responseCode: 452 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      readMessage(stream)
        .then(async (raw) => {
          if (raw === null) {
            callback(Object.assign(new Error('Message exceeds fixed maximum message size'), { responseCode: 552 }));
            return;
          }
          await fileMessage(raw, session, options);
          callback();
        })
        .catch((error: unknown) => {
          options.warn(`SMTP receiver: a message could not be filed: ${error instanceof Error ? error.message : String(error)}`);
          callback(Object.assign(new Error('Message could not be stored'), { responseCode: 451 }));
        });
    },
  });
  // A client that drops its connection or speaks nonsense is the client's problem, never the server's.
  server.on('error', (error) => options.warn(`SMTP receiver: ${error.message}`));

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(options.port, '127.0.0.1', () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

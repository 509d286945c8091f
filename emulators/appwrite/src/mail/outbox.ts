import { isoDate } from '../clock.ts';
import { uniqueId } from '../ids.ts';
import { migrate, type Store } from '../store.ts';

/** An attachment of a received message as the dev mailbox lists it; its bytes are at `url` (this machine only). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** `/_dev/mail/<mail id>/attachments/<index>` (set when listed) */
  url?: string;
}

/** An attachment as received, its bytes base64 (kept so a test can read an emailed PDF). */
export type ReceivedAttachment = MailAttachment & { content?: string };

export interface Mail {
  id: string;
  to: string;
  /** The sender: the project's own address for Appwrite's mail, the message's From for mail received over SMTP. */
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  createdAt: string;
}

export type OutgoingMail = Omit<Mail, 'id' | 'createdAt' | 'from' | 'attachments'> & Partial<Pick<Mail, 'from'>> & { attachments?: ReceivedAttachment[] };

/** Appwrite's own messages (verification, OTP, recovery) come from the project. */
const PROJECT_SENDER = 'Cadence <no-reply@cadence.local>';

export function migrateMail(store: Store): void {
  migrate(store, `
    CREATE TABLE IF NOT EXISTS mail (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      recipient TEXT NOT NULL,
      subject TEXT NOT NULL,
      text TEXT NOT NULL,
      html TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS mail_recipient ON mail (recipient, seq);
  `);
  // Added with the SMTP receiver (issue 14): a data dir from before has neither column.
  const columns = store.db.prepare('PRAGMA table_info(mail)').all() as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'sender')) migrate(store, `ALTER TABLE mail ADD COLUMN sender TEXT NOT NULL DEFAULT '';`);
  if (!columns.some((c) => c.name === 'attachments')) migrate(store, `ALTER TABLE mail ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';`);
}

/**
 * Nothing leaves this machine: Appwrite's own mail and every message the SMTP receiver takes
 * (smtp-receiver.ts) are kept in SQLite for the dev mailbox.
 */
export function sendMail(store: Store, mail: OutgoingMail, nowMs: number): Mail {
  const received = mail.attachments ?? [];
  const id = uniqueId(nowMs);
  const stored: Mail = {
    ...mail, from: mail.from ?? PROJECT_SENDER, attachments: listed(id, received),
    to: mail.to.toLowerCase(), id, createdAt: isoDate(nowMs),
  };
  store.db.prepare('INSERT INTO mail (id, recipient, sender, subject, text, html, attachments, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(stored.id, stored.to, stored.from, stored.subject, stored.text, stored.html, JSON.stringify(received), stored.createdAt);
  return stored;
}

/** The attachments' metadata with the address of their bytes (never the bytes themselves). */
function listed(mailId: string, attachments: ReceivedAttachment[]): MailAttachment[] {
  return attachments.map((a, index) => ({
    filename: a.filename, contentType: a.contentType, size: a.size,
    ...(a.content === undefined ? {} : { url: `/_dev/mail/${encodeURIComponent(mailId)}/attachments/${index}` }),
  }));
}

/** One attachment's bytes, or null (no such mail or attachment, or one kept without its bytes). */
export function mailAttachment(store: Store, mailId: string, index: number): { filename: string; contentType: string; content: Buffer } | null {
  const row = store.db.prepare('SELECT attachments FROM mail WHERE id = ?').get(mailId) as { attachments: string } | undefined;
  const attachment = row ? (JSON.parse(row.attachments) as ReceivedAttachment[])[index] : undefined;
  if (!attachment || attachment.content === undefined) return null;
  return { filename: attachment.filename, contentType: attachment.contentType, content: Buffer.from(attachment.content, 'base64') };
}

interface MailRow {
  id: string;
  recipient: string;
  sender: string;
  attachments: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** Newest first; all recipients when `to` is empty. */
export function listMail(store: Store, to: string | undefined, limit = 200): Mail[] {
  const rows = (to
    ? store.db.prepare('SELECT * FROM mail WHERE recipient = ? ORDER BY seq DESC LIMIT ?').all(to.toLowerCase(), limit)
    : store.db.prepare('SELECT * FROM mail ORDER BY seq DESC LIMIT ?').all(limit)) as MailRow[];
  return rows.map((row) => ({
    id: row.id, to: row.recipient, from: row.sender, subject: row.subject, text: row.text, html: row.html,
    attachments: listed(row.id, JSON.parse(row.attachments) as ReceivedAttachment[]), createdAt: row.created_at,
  }));
}

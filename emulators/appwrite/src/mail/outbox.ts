import { isoDate } from '../clock.ts';
import { uniqueId } from '../ids.ts';
import { migrate, type Store } from '../store.ts';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

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
}

/** No SMTP locally: outgoing mail is kept in SQLite for the dev mailbox. */
export function sendMail(store: Store, mail: Omit<Mail, 'id' | 'createdAt'>, nowMs: number): Mail {
  const stored: Mail = { ...mail, to: mail.to.toLowerCase(), id: uniqueId(nowMs), createdAt: isoDate(nowMs) };
  store.db.prepare('INSERT INTO mail (id, recipient, subject, text, html, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(stored.id, stored.to, stored.subject, stored.text, stored.html, stored.createdAt);
  return stored;
}

interface MailRow {
  id: string;
  recipient: string;
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
    id: row.id, to: row.recipient, subject: row.subject, text: row.text, html: row.html, createdAt: row.created_at,
  }));
}

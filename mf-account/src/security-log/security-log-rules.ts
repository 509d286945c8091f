// The Security log's words and pure rules (issue 17): action labels, filters → date bounds, the CSV
// (formula-escaped), and who did it.
import { formatDateTime } from '@cadence/shared-auth';
import Bowser from 'bowser';
import type { ChainEntry } from './audit-chain.ts';

export type AuditEntry = ChainEntry & { $id: string };

export const PAGE_SIZE = 25;

const ENTITY_LABELS: Record<string, string> = {
  client: 'Client',
  service: 'Service',
  practice_settings: 'Practice settings',
  appointment: 'Appointment',
  appointment_series: 'Recurring series',
  session: 'Sign-in session',
  account: 'Account',
  progress_note: 'Progress note',
  note_signature: 'Note signature',
  note_addendum: 'Addendum',
  private_note: 'Private note',
  ledger_entry: 'Ledger entry',
  invoice: 'Invoice',
  client_import: 'Client import',
  consent_request: 'Consent request',
  esign_consent: 'E-records consent',
  consent_signature: 'Consent signature',
};

const ACTION_LABELS: Record<string, string> = {
  'session.create': 'Signed in',
  'session.delete': 'Signed out',
  'password.update': 'Password changed',
  'mfa.update': 'Two-step verification changed',
  'mfa.delete': 'Authenticator removed',
  export: 'All data exported',
  import: 'Clients imported',
  'note_signature.create': 'Note signed',
  'note_addendum.create': 'Addendum added',
  'ledger_entry.create': 'Ledger entry recorded',
  // Issue 31: the portal's consents (the actor of the last three is the client's portal login).
  'consent.send': 'Consent sent',
  'esign.accept': 'Client agreed to electronic records',
  'esign.withdraw': 'Client asked for paper',
  'consent.sign': 'Consent signed',
  // Issue 34: the video room (times only; the join's actor is the client's portal login).
  'video.start': 'Video session started',
  'video.join': 'Client joined the video session',
  'video.leave': 'Left the video session',
  'video.end': 'Video session ended',
};

const VERBS: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted' };

/** "Client updated", "Signed in"; an action this version does not know reads as itself. */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const [entity = '', verb = ''] = action.split('.');
  const noun = ENTITY_LABELS[entity];
  const done = VERBS[verb];
  return noun && done ? `${noun} ${done}` : action;
}

export function entityLabel(entityType: string): string {
  return ENTITY_LABELS[entityType] ?? entityType;
}

/** The action filter's choices (value '' = every action). */
export const ACTION_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  ...Object.keys(ACTION_LABELS),
  ...['client', 'service', 'practice_settings', 'appointment', 'appointment_series'].flatMap((e) => ['create', 'update', 'delete'].map((v) => `${e}.${v}`)),
  'progress_note.create', 'progress_note.delete', 'private_note.create', 'private_note.delete', 'invoice.create', 'invoice.update',
].map((value) => ({ value, label: actionLabel(value) }));

export interface LogFilter {
  action: string;
  /** "YYYY-MM-DD" in the browser's zone, inclusive; '' = open */
  from: string;
  to: string;
}

export const NO_FILTER: LogFilter = { action: '', from: '', to: '' };

/** The instants a date filter covers: from midnight of `from` to midnight after `to`, local time. */
export function dateBounds(filter: LogFilter): { fromIso: string | null; beforeIso: string | null } {
  const midnight = (day: string, plusDays = 0): string | null => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
    if (!m) return null;
    return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
  };
  return { fromIso: midnight(filter.from), beforeIso: midnight(filter.to, 1) };
}

/** A date range that ends before it starts. */
export function filterError(filter: LogFilter): string | null {
  return filter.from && filter.to && filter.from > filter.to ? 'The end date is before the start date.' : null;
}

/** Who did it: the therapist, Cadence itself (a function with its key), or another account's id. */
export function actorLabel(entry: Pick<AuditEntry, 'actorId'>, me: string): string {
  if (!entry.actorId) return 'Cadence (automatic)';
  return entry.actorId === me ? 'You' : entry.actorId;
}

/**
 * The device as browser and system ("Chrome 131 on macOS") from the user agent the log keeps. A
 * sign-in's entry already holds Appwrite's own session fields in that form and is shown as it is;
 * calls Cadence's functions make with an Appwrite SDK (no browser) read as Cadence's server.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? '').trim();
  if (!agent) return '—';
  if (/^Appwrite\w*SDK\b|^node\b|^undici\b/i.test(agent)) return 'Cadence (server)';
  if (!agent.includes('/')) return agent;
  const { browser, os } = Bowser.parse(agent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = os.name === 'macOS' || !os.versionName ? os.name : `${os.name} ${os.versionName}`;
  if (!name && !system) return 'Unknown device';
  return name && system ? `${name} on ${system}` : (name || system) ?? 'Unknown device';
}

export function formatTime(iso: string): string {
  return formatDateTime(iso) || iso;
}

// A spreadsheet runs a cell starting with = + - @ (tab or CR can smuggle one past a first-character
// check; leading spaces are skipped by some): such a cell gets a leading apostrophe (OWASP "CSV injection").
const FORMULA_START = /^[\s\u00a0\u200b\ufeff]*[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = ['Seq', 'Time (UTC)', 'Action', 'Record type', 'Record ID', 'By', 'IP address', 'User agent', 'Previous hash', 'Hash'];

/** The log as CSV (RFC 4180, CRLF, UTF-8 BOM for spreadsheets), hashes included so a copy can be checked later. */
export function toCsv(entries: readonly AuditEntry[], me: string): string {
  const rows = [CSV_HEADER, ...entries.map((e) => [
    e.seq, e.at, actionLabel(e.action), entityLabel(e.entityType), e.entityId ?? '', actorLabel(e, me), e.ip ?? '', e.userAgent ?? '', e.prevHash, e.hash,
  ])];
  return `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

import {
  answerText, attachmentsOf, clientFieldOf, flattenItems, isQuestion, valuesOf, type Attachment, type Questionnaire, type QuestionnaireResponse,
} from '@cadence/shared-auth/forms';
import { clientFormValues } from '../client-form.tsx';
import { clientSchemaFor, type Client } from '../client-schema.ts';
import type { CountryCode } from '../../shared/practice-country.ts';

// Review (issue 31): each answer beside what the client record holds now. Only answers to items
// that map to a record field (the template's client-field extension) can be accepted into it, one
// by one, through the same client schema the Profile form saves with — so a phone is stored in
// E.164 and a date of birth checked as it would be when typed there.

export interface ReviewRow {
  linkId: string;
  label: string;
  /** How the client answered, as they saw it. */
  answer: string;
  /** The record field this answer may be accepted into, and the record's value now. */
  field: string | null;
  current: string;
  /** The answer as the record's form would take it (a choice's code, the typed text). */
  raw: string;
  same: boolean;
  /** A file-upload answer's file (its name, type and size, and its id to download it). */
  file: (Attachment & { fileId: string }) | null;
}

export function reviewRows(q: Questionnaire, response: QuestionnaireResponse, client: Client, country: CountryCode): ReviewRow[] {
  const values = valuesOf(response);
  const files = attachmentsOf(response);
  const form = clientFormValues(client, undefined, country) as unknown as Record<string, unknown>;
  return flattenItems(q).filter(isQuestion).flatMap((item) => {
    const value = values[item.linkId];
    if (value === undefined) return [];
    const field = clientFieldOf(item);
    const current = field ? String(form[field] ?? '') : '';
    const raw = String(value);
    const file = files.get(item.linkId) ?? null;
    return [{
      linkId: item.linkId, label: item.text ?? item.linkId, answer: answerText(item, value, file ?? undefined), field, current, raw, same: field !== null && current.trim() === raw.trim(), file,
    }];
  });
}

export type AcceptResult = { ok: true; changes: Partial<Client> } | { ok: false; errors: Record<string, string> };

/** The record's new values for the accepted answers, checked by the client schema; its messages at the fields that fail. */
export function acceptedChanges(client: Client, country: CountryCode, accepted: Record<string, string>): AcceptResult {
  const parsed = clientSchemaFor(country).safeParse({ ...clientFormValues(client, undefined, country), ...accepted });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key in accepted && !errors[key]) errors[key] = issue.message;
    }
    // A problem outside the accepted answers is the record's own: the Profile tab shows it.
    if (Object.keys(errors).length === 0) errors[''] = parsed.error.issues[0]?.message ?? 'The client record could not be updated.';
    return { ok: false, errors };
  }
  const record = parsed.data as unknown as Record<string, unknown>;
  return { ok: true, changes: Object.fromEntries(Object.keys(accepted).map((key) => [key, record[key]])) as Partial<Client> };
}

// Progress-note templates (issue #15): SOAP, DAP, BIRP, GIRP and free text, each a list of fields.
// A draft's text lives per field key; switching templates keeps every word — fields with the same
// key (assessment, plan, intervention, response) carry over, the rest is kept under its old heading.
import { mentalStatusHeading, MENTAL_STATUS_DOMAINS, mentalStatusKey } from './mental-status.ts';

export const NOTE_TEMPLATE_IDS = ['soap', 'dap', 'birp', 'girp', 'free_text'] as const;
export type NoteTemplateId = (typeof NOTE_TEMPLATE_IDS)[number];

export interface NoteField {
  key: string;
  label: string;
  hint: string;
}

const field = (key: string, label: string, hint: string): NoteField => ({ key, label, hint });

export interface NoteTemplate {
  name: string;
  fields: readonly NoteField[];
  /** Has a mental status exam section (mental-status.ts): the templates that record what was observed. */
  mentalStatus?: boolean;
}

export const NOTE_TEMPLATES: Record<NoteTemplateId, NoteTemplate> = {
  soap: {
    name: 'SOAP',
    fields: [
      field('subjective', 'Subjective', 'What the client reports: concerns, mood, symptoms, in their words.'),
      field('objective', 'Objective', 'What you observed: affect, behaviour, appearance, measures.'),
      field('assessment', 'Assessment', 'Your clinical view of progress and the presenting problem.'),
      field('plan', 'Plan', 'Next steps: interventions, homework, next session.'),
    ],
    mentalStatus: true,
  },
  dap: {
    name: 'DAP',
    fields: [
      field('data', 'Data', 'What the client said and what you observed.'),
      field('assessment', 'Assessment', 'Your interpretation of the data.'),
      field('plan', 'Plan', 'Next steps and the focus of the next session.'),
    ],
    mentalStatus: true,
  },
  birp: {
    name: 'BIRP',
    fields: [
      field('behavior', 'Behavior', 'The client’s presentation and what they reported.'),
      field('intervention', 'Intervention', 'What you did in the session.'),
      field('response', 'Response', 'How the client responded.'),
      field('plan', 'Plan', 'Next steps.'),
    ],
    mentalStatus: true,
  },
  girp: {
    name: 'GIRP',
    fields: [
      field('goals', 'Goals', 'The treatment goals this session addressed.'),
      field('intervention', 'Intervention', 'What you did in the session.'),
      field('response', 'Response', 'How the client responded.'),
      field('plan', 'Plan', 'Next steps.'),
    ],
  },
  free_text: { name: 'Free text', fields: [field('note', 'Note', 'The session in your own words.')] },
};

export function isNoteTemplate(value: unknown): value is NoteTemplateId {
  return typeof value === 'string' && (NOTE_TEMPLATE_IDS as readonly string[]).includes(value);
}

/** Text kept from fields the current template does not have, under the heading it was written under. */
export interface ExtraSection {
  heading: string;
  text: string;
}

export interface NoteContent {
  sections: Record<string, string>;
  extra: ExtraSection[];
}

export const EMPTY_CONTENT: NoteContent = { sections: {}, extra: [] };

export const fieldLabel = (key: string): string => {
  const mentalStatus = mentalStatusHeading(key);
  if (mentalStatus) return mentalStatus;
  for (const template of Object.values(NOTE_TEMPLATES)) {
    const found = template.fields.find((candidate) => candidate.key === key);
    if (found) return found.label;
  }
  return key;
};

/**
 * The draft's content under another template: every field's text stays — in the field of the same
 * key when the new template has one, otherwise as an extra section under its old heading; extra
 * sections whose heading the new template has as a field move back into it.
 */
export function switchTemplate(content: NoteContent, to: NoteTemplateId): NoteContent {
  const keys = new Set(NOTE_TEMPLATES[to].fields.map((candidate) => candidate.key));
  // A mental status finding stays a finding under a template with the exam, and is kept as text otherwise.
  if (NOTE_TEMPLATES[to].mentalStatus) for (const { key } of MENTAL_STATUS_DOMAINS) keys.add(mentalStatusKey(key));
  const sections: Record<string, string> = {};
  const extra: ExtraSection[] = [];
  const keep = (key: string, heading: string, text: string) => {
    if (!text.trim()) return;
    if (keys.has(key)) sections[key] = sections[key] ? `${sections[key]}\n\n${text}` : text;
    else extra.push({ heading, text });
  };
  for (const [key, text] of Object.entries(content.sections)) keep(key, fieldLabel(key), text);
  for (const section of content.extra) {
    const back = NOTE_TEMPLATES[to].fields.find((candidate) => candidate.label === section.heading)?.key
      ?? [...keys].find((key) => mentalStatusHeading(key) === section.heading);
    keep(back ?? `extra:${section.heading}`, section.heading, section.text);
  }
  return { sections, extra };
}

const NOT_BLANK = /\S/;

/** Whether a note has any text at all (without copying a long text to trim it). */
export function hasText(content: NoteContent): boolean {
  return Object.values(content.sections).some((text) => NOT_BLANK.test(text)) || content.extra.some((section) => NOT_BLANK.test(section.text));
}

/** Reads stored content (JSON text), tolerating anything another tool wrote. */
export function parseContent(stored: string | null | undefined): NoteContent {
  if (!stored) return { sections: {}, extra: [] };
  try {
    const parsed = JSON.parse(stored) as Partial<NoteContent>;
    const sections: Record<string, string> = {};
    for (const [key, text] of Object.entries(parsed.sections ?? {})) if (typeof text === 'string') sections[key] = text;
    const extra = Array.isArray(parsed.extra) ? parsed.extra.filter((section): section is ExtraSection => typeof section?.heading === 'string' && typeof section.text === 'string') : [];
    return { sections, extra };
  } catch {
    return { sections: { note: stored }, extra: [] };
  }
}

export function serializeContent(content: NoteContent): string {
  return JSON.stringify({ sections: content.sections, extra: content.extra });
}

export const RISK_LEVELS = ['none', 'low', 'moderate', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LABELS: Record<RiskLevel, string> = { none: 'None', low: 'Low', moderate: 'Moderate', high: 'High' };
/** A note whose risk was never chosen says so: nothing is assumed (issue 37, like TherapyNotes). */
export const RISK_NOT_ASSESSED = 'Not assessed';

export const isRiskLevel = (value: unknown): value is RiskLevel => typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value);

/** Common modalities for "Interventions used". */
export const INTERVENTIONS = [
  'CBT', 'DBT skills', 'ACT', 'Motivational interviewing', 'Psychoeducation', 'Mindfulness', 'EMDR', 'Exposure', 'Solution-focused',
  'Person-centered', 'Psychodynamic', 'Family systems', 'Safety planning', 'Relaxation training',
] as const;

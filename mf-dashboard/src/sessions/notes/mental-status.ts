// The mental status exam (issue 37): a section of the templates that describe what was observed
// (SOAP's Objective, DAP's Data, BIRP's Behavior). Each domain starts "Not assessed" and is stored
// only once the therapist chooses a finding, so a signed note never asserts an exam nobody did —
// the same rule as the risk assessment. Findings live in the note's sections under "mse:<domain>",
// beside the template's text, and are signed and hashed with it.

export interface MentalStatusDomain {
  key: string;
  label: string;
  findings: readonly string[];
}

const domain = (key: string, label: string, findings: readonly string[]): MentalStatusDomain => ({ key, label, findings });

/** The domains of a brief mental status exam, in the order clinicians document them. */
export const MENTAL_STATUS_DOMAINS: readonly MentalStatusDomain[] = [
  domain('appearance', 'Appearance', ['Well groomed', 'Appropriately dressed', 'Disheveled', 'Poor hygiene', 'Unusual dress']),
  domain('behavior', 'Behavior', ['Cooperative', 'Guarded', 'Withdrawn', 'Restless', 'Agitated']),
  domain('speech', 'Speech', ['Normal rate and volume', 'Pressured', 'Slowed', 'Soft', 'Loud']),
  domain('mood', 'Mood', ['Euthymic', 'Depressed', 'Anxious', 'Irritable', 'Elevated']),
  domain('affect', 'Affect', ['Full range, congruent', 'Constricted', 'Flat', 'Labile', 'Incongruent with mood']),
  domain('thoughtProcess', 'Thought process', ['Linear and goal-directed', 'Circumstantial', 'Tangential', 'Loose associations']),
  domain('thoughtContent', 'Thought content', ['Unremarkable', 'Preoccupations', 'Obsessions', 'Delusions']),
  domain('perception', 'Perception', ['No hallucinations reported', 'Auditory hallucinations', 'Visual hallucinations']),
  domain('cognition', 'Orientation and cognition', ['Oriented to person, place and time', 'Partly oriented', 'Impaired attention or memory']),
  domain('insight', 'Insight', ['Good', 'Fair', 'Poor']),
  domain('judgment', 'Judgment', ['Good', 'Fair', 'Poor']),
];

export const MENTAL_STATUS_TITLE = 'Mental status exam';
export const NOT_ASSESSED = 'Not assessed';

const PREFIX = 'mse:';

export const mentalStatusKey = (domainKey: string): string => `${PREFIX}${domainKey}`;
export const isMentalStatusKey = (key: string): boolean => key.startsWith(PREFIX);

/** "Mental status — Mood" for a finding's key; null for any other key. */
export function mentalStatusHeading(key: string): string | null {
  if (!isMentalStatusKey(key)) return null;
  const found = MENTAL_STATUS_DOMAINS.find((candidate) => mentalStatusKey(candidate.key) === key);
  return `Mental status — ${found?.label ?? key.slice(PREFIX.length)}`;
}

/** Whether any domain of the exam has a finding. */
export function hasMentalStatus(sections: Readonly<Record<string, string>>): boolean {
  return Object.entries(sections).some(([key, text]) => isMentalStatusKey(key) && text.trim() !== '');
}

/** The sections with one domain's finding set, or taken out when it is "Not assessed" (''). */
export function withFinding(sections: Readonly<Record<string, string>>, domainKey: string, finding: string): Record<string, string> {
  const key = mentalStatusKey(domainKey);
  const next = { ...sections };
  if (finding.trim()) next[key] = finding;
  else delete next[key];
  return next;
}

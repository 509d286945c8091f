// ICD-10-CM search by words (issue 37): the code set is backend/functions/lib/icd10cm.json (chapter 5
// and the Z codes therapists use, from the published CMS/CDC file; one copy, the superbill's too),
// loaded only when a diagnosis picker first needs it — a chunk of its own, never on the first page.

export interface Diagnosis {
  code: string;
  description: string;
}

let loading: Promise<ReadonlyMap<string, string>> | null = null;

/** The code set, loaded once. */
export function loadCodeSet(): Promise<ReadonlyMap<string, string>> {
  loading ??= import(/* webpackChunkName: "icd10cm" */ './icd10cm-codes.ts')
    .then((module) => new Map(Object.entries(module.CODE_SET)))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

// Words therapists type that the published descriptions spell out.
const ABBREVIATIONS: Record<string, string> = {
  ptsd: 'post-traumatic stress disorder',
  adhd: 'attention-deficit hyperactivity disorder',
  add: 'attention-deficit hyperactivity disorder',
  ocd: 'obsessive-compulsive disorder',
  gad: 'generalized anxiety disorder',
  mdd: 'major depressive disorder',
  bpd: 'borderline personality disorder',
  odd: 'oppositional defiant disorder',
  asd: 'autistic disorder',
};

const words = (text: string) => text.toLocaleLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/**
 * The diagnoses matching what was typed, best first, at most `limit`: a code or its start ("F41",
 * "f411", "F41.1") lists those codes in order; words ("panic", "adjust anx", "PTSD") list the
 * descriptions having a word starting with each typed word, the shorter (more general) first.
 */
export function searchDiagnoses(codeSet: ReadonlyMap<string, string>, query: string, limit = 20): Diagnosis[] {
  const typed = query.trim();
  if (!typed) return [];
  const compact = typed.toUpperCase().replace(/[\s.]/g, '');
  const byCode: Diagnosis[] = [];
  if (/^[A-Z]\d/.test(compact)) {
    for (const [code, description] of codeSet) {
      if (code.replace('.', '').startsWith(compact)) byCode.push({ code, description });
      if (byCode.length >= limit) return byCode;
    }
  }
  const wanted = words(typed).flatMap((word) => (ABBREVIATIONS[word] ? words(ABBREVIATIONS[word]) : [word]));
  const byWords: Diagnosis[] = [];
  for (const [code, description] of codeSet) {
    if (byCode.some((found) => found.code === code)) continue;
    const own = words(description);
    if (wanted.every((word) => own.some((candidate) => candidate.startsWith(word)))) byWords.push({ code, description });
  }
  byWords.sort((a, b) => a.description.length - b.description.length || a.code.localeCompare(b.code));
  return [...byCode, ...byWords].slice(0, limit);
}

// The ICD-10-CM codes a therapist diagnoses with, and their descriptions (issue 37): icd10cm.json
// holds the whole of chapter 5 (F01–F99) and the chapter 21 Z codes therapists use (Z55–Z65,
// Z69–Z73, Z76.5, Z86.5x, Z91.1x, Z91.4x, Z91.5x, Z91.8x), copied line for line from the
// code-descriptions file CMS and CDC/NCHS publish each October (icd10cm_codes_2023.txt, FY2023; a
// US government work in the public domain), as {"F41.1": "Generalized anxiety disorder", …}. One
// copy serves the superbill (here) and the dashboard's diagnosis pickers, which load it lazily
// (mf-dashboard/src/shared/diagnoses/icd10cm.ts). To update: regenerate the JSON from the new file.
import { readFileSync } from 'node:fs';

/** @type {Record<string, string> | null} */
let codeSet = null;

/** @returns {Record<string, string>} */
export function icd10cm() {
  codeSet ??= /** @type {Record<string, string>} */ (JSON.parse(readFileSync(new URL('./icd10cm.json', import.meta.url), 'utf8')));
  return codeSet;
}

/**
 * The code's description, or '' for a code outside the set (an older or a medical code a
 * therapist typed): the document then shows the code alone rather than a guess.
 * @param {string} code
 */
export const diagnosisDescription = (code) => icd10cm()[code.trim().toUpperCase()] ?? '';

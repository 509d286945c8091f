// The ICD-10-CM code set as an ES module, for icd10cm.ts's dynamic import: importing the JSON itself
// there made the remote's runtime carry webpack's namespace shim for non-ES modules on every load.
import codes from '../../../../backend/functions/lib/icd10cm.json';

export const CODE_SET: Readonly<Record<string, string>> = codes;

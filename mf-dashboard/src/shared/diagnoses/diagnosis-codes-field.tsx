import { useEffect, useId, useState } from 'react';
import { IconButton } from '@cadence/shared-ui';
import { Combobox, type ComboboxOption } from '@cadence/shared-ui/bundled';
import { checkDiagnosisCode, MAX_DIAGNOSIS_CODES } from '../validators.ts';
import { loadCodeSet, searchDiagnoses } from './icd10cm.ts';
import './diagnoses.css';

export interface DiagnosisCodesFieldProps {
  label: string;
  hint?: string;
  codes: readonly string[];
  onChange: (codes: string[]) => void;
  error?: string;
}

/** The code set for this page, once loaded (descriptions wait for it; codes show at once). */
function useCodeSet(): ReadonlyMap<string, string> | null {
  const [codeSet, setCodeSet] = useState<ReadonlyMap<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    loadCodeSet().then((loaded) => live && setCodeSet(loaded), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return codeSet;
}

export const NOT_IN_LIST = 'Not in Cadence’s list of codes — check it before you use it';

/**
 * Diagnosis codes chosen by searching ICD-10-CM by words or code (issue 37): the chosen ones listed
 * with their descriptions, the first being the primary; a well-formed code outside the list can be
 * added as typed, marked so the therapist checks it.
 */
export function DiagnosisCodesField({ label, hint, codes, onChange, error }: DiagnosisCodesFieldProps) {
  const codeSet = useCodeSet();
  const listId = useId();
  const full = codes.length >= MAX_DIAGNOSIS_CODES;
  const search = (query: string): ComboboxOption[] => {
    if (!codeSet) return [];
    const found: ComboboxOption[] = searchDiagnoses(codeSet, query).filter((d) => !codes.includes(d.code)).map((d) => ({ value: d.code, label: `${d.code} ${d.description}` }));
    const typed = checkDiagnosisCode(query);
    if (typed.ok && !codeSet.has(typed.value) && !codes.includes(typed.value)) found.push({ value: typed.value, label: typed.value, description: NOT_IN_LIST });
    return found;
  };
  return (
    <div className="diagnosis-codes">
      <Combobox
        label={label}
        hint={full ? `At most ${MAX_DIAGNOSIS_CODES} codes.` : hint}
        error={error}
        disabled={full}
        options={[]}
        value={null}
        search={search}
        emptyText={codeSet ? 'No matching diagnosis — type other words or a code' : 'Loading the code list…'}
        placeholder="Search by words or code, e.g. “panic” or “F41”"
        onChange={(code) => code && onChange([...codes, code])}
      />
      {codes.length > 0 && (
        <ol className="diagnosis-codes__list" id={listId} aria-label={`${label}: chosen`}>
          {codes.map((code, index) => (
            <li key={code}>
              <span className="diagnosis-codes__code">{code}</span>{' '}
              <span>{codeSet ? codeSet.get(code) ?? NOT_IN_LIST : ''}</span>
              {index === 0 && codes.length > 1 && <span className="diagnosis-codes__primary"> (primary)</span>}
              <IconButton icon="close" label={`Remove ${code}`} size="sm" onClick={() => onChange(codes.filter((other) => other !== code))} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

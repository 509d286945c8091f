import { describe, expect, it } from 'vitest';
import codes from '../../../../backend/functions/lib/icd10cm.json';
import { loadCodeSet, searchDiagnoses } from './icd10cm.ts';

const codeSet = new Map(Object.entries(codes as Record<string, string>));

describe('ICD-10-CM search (issue 37)', () => {
  it('ships the whole of chapter 5 and the Z codes therapists use, with the published descriptions', async () => {
    const loaded = await loadCodeSet();
    expect(loaded.size).toBe(codeSet.size);
    expect([...loaded.keys()].filter((code) => code.startsWith('F')).length).toBeGreaterThan(800);
    expect(loaded.get('F41.1')).toBe('Generalized anxiety disorder');
    expect(loaded.get('F01.50')).toMatch(/^Vascular dementia/);
    expect(loaded.get('F99')).toBe('Mental disorder, not otherwise specified');
    expect(loaded.get('Z63.0')).toBe('Problems in relationship with spouse or partner');
    expect(loaded.get('Z91.51')).toBe('Personal history of suicidal behavior');
    for (const code of loaded.keys()) expect(code).toMatch(/^[FZ]\d\d(\.[0-9A-Z]{1,4})?$/);
  });

  it('finds by words, shortest description first, by the start of each word, in any order', () => {
    expect(searchDiagnoses(codeSet, 'generalized anxiety')[0]).toEqual({ code: 'F41.1', description: 'Generalized anxiety disorder' });
    expect(searchDiagnoses(codeSet, 'anx adjust').map((d) => d.code)).toEqual(['F43.22', 'F43.23']);
    expect(searchDiagnoses(codeSet, 'PTSD chronic')).toEqual([{ code: 'F43.12', description: 'Post-traumatic stress disorder, chronic' }]);
    expect(searchDiagnoses(codeSet, 'divorce')).toEqual([{ code: 'Z63.5', description: 'Disruption of family by separation and divorce' }]);
    expect(searchDiagnoses(codeSet, 'nothing like this')).toEqual([]);
    expect(searchDiagnoses(codeSet, '  ')).toEqual([]);
  });

  it('finds by code or the start of one, with or without the dot, in code order, at most the limit', () => {
    expect(searchDiagnoses(codeSet, 'f41.1')[0]?.code).toBe('F41.1');
    expect(searchDiagnoses(codeSet, 'F431').map((d) => d.code)).toEqual(['F43.10', 'F43.11', 'F43.12']);
    expect(searchDiagnoses(codeSet, 'F1', 5)).toHaveLength(5);
  });
});

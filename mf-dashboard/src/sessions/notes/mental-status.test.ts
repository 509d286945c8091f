import { describe, expect, it } from 'vitest';
import { hasMentalStatus, mentalStatusHeading, withFinding } from './mental-status.ts';
import { fieldLabel, switchTemplate } from './note-templates.ts';

describe('the mental status exam (issue 37)', () => {
  it('records a finding only once one is chosen, and "Not assessed" takes it out again', () => {
    const chosen = withFinding({ subjective: 'Tired.' }, 'mood', 'Depressed');
    expect(chosen).toEqual({ subjective: 'Tired.', 'mse:mood': 'Depressed' });
    expect(hasMentalStatus(chosen)).toBe(true);
    const cleared = withFinding(chosen, 'mood', '');
    expect(cleared).toEqual({ subjective: 'Tired.' });
    expect(hasMentalStatus(cleared)).toBe(false);
    expect(hasMentalStatus({ 'mse:affect': '  ' })).toBe(false);
  });

  it('names a finding by its domain, wherever a section is named', () => {
    expect(mentalStatusHeading('mse:thoughtProcess')).toBe('Mental status — Thought process');
    expect(mentalStatusHeading('subjective')).toBeNull();
    expect(fieldLabel('mse:judgment')).toBe('Mental status — Judgment');
    expect(fieldLabel('mse:fromAnotherTool')).toBe('Mental status — fromAnotherTool');
  });

  it('keeps findings across templates: as findings under one with the exam, as text under one without, and back', () => {
    const soap = { sections: { subjective: 'Tired.', 'mse:mood': 'Depressed', 'mse:insight': 'Fair' }, extra: [] };
    expect(switchTemplate(soap, 'dap')).toEqual({ sections: { 'mse:mood': 'Depressed', 'mse:insight': 'Fair' }, extra: [{ heading: 'Subjective', text: 'Tired.' }] });
    const freeText = switchTemplate(soap, 'free_text');
    expect(freeText.sections).toEqual({});
    expect(freeText.extra).toEqual([
      { heading: 'Subjective', text: 'Tired.' },
      { heading: 'Mental status — Mood', text: 'Depressed' },
      { heading: 'Mental status — Insight', text: 'Fair' },
    ]);
    expect(switchTemplate(freeText, 'soap')).toEqual(soap);
  });
});

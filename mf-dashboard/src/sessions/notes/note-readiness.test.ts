import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES, notReadyToSign } from './note-readiness.ts';

const written = JSON.stringify({ sections: { subjective: 'Talked about work.' }, extra: [] });

describe('ready to sign (issue 37: risk is a choice, never a default)', () => {
  it('asks for the text first, then a risk level, then details for any risk above none', () => {
    expect(notReadyToSign({ content: JSON.stringify({ sections: { subjective: '  ' }, extra: [] }), riskLevel: 'none', riskDetails: null })).toBe(NOTE_MESSAGES.empty);
    expect(notReadyToSign({ content: written, riskLevel: null, riskDetails: null })).toBe(NOTE_MESSAGES.riskLevel);
    expect(notReadyToSign({ content: written, riskLevel: 'low', riskDetails: ' ' })).toBe(NOTE_MESSAGES.riskDetails);
    expect(notReadyToSign({ content: written, riskLevel: 'high', riskDetails: 'Plan reviewed; crisis line given.' })).toBeNull();
    expect(notReadyToSign({ content: written, riskLevel: 'none', riskDetails: null })).toBeNull();
  });
});

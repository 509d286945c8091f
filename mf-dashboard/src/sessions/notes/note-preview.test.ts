import { describe, expect, it } from 'vitest';
import { notePreview } from './note-preview.ts';
import { serializeContent } from './note-templates.ts';

describe('notePreview', () => {
  it("takes the template's first section with text, on one line", () => {
    const stored = serializeContent({ sections: { subjective: '  ', objective: 'Calm,\n\nengaged.', assessment: 'Improving.' }, extra: [] });
    expect(notePreview(stored, 'soap')).toBe('Calm, engaged.');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    const stored = serializeContent({ sections: { subjective: 'word '.repeat(60) }, extra: [] });
    const preview = notePreview(stored, 'soap', 40);
    expect(preview.endsWith('word…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(41);
  });

  it('reads text another tool stored and says nothing for an empty note', () => {
    expect(notePreview('plain words', 'soap')).toBe('plain words');
    expect(notePreview(null, 'dap')).toBe('');
  });
});

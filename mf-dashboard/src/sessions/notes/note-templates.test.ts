import { describe, expect, it } from 'vitest';
import { hasText, parseContent, serializeContent, switchTemplate } from './note-templates.ts';

describe('note templates', () => {
  it('carries matching sections across templates and keeps the rest under its old heading', () => {
    const soap = { sections: { subjective: 'Slept badly.', objective: 'Tearful.', assessment: 'Improving.', plan: 'Sleep diary.' }, extra: [] };
    const dap = switchTemplate(soap, 'dap');
    expect(dap.sections).toEqual({ assessment: 'Improving.', plan: 'Sleep diary.' });
    expect(dap.extra).toEqual([{ heading: 'Subjective', text: 'Slept badly.' }, { heading: 'Objective', text: 'Tearful.' }]);
    // Back to SOAP: every word is where it was.
    expect(switchTemplate(dap, 'soap')).toEqual(soap);
    const free = switchTemplate(soap, 'free_text');
    expect(free.sections).toEqual({});
    expect(free.extra.map((section) => section.text)).toEqual(['Slept badly.', 'Tearful.', 'Improving.', 'Sleep diary.']);
    expect(switchTemplate(switchTemplate(soap, 'birp'), 'girp').sections).toEqual({ plan: 'Sleep diary.' });
  });

  it('drops nothing but empty fields, and reads stored content whatever wrote it', () => {
    expect(switchTemplate({ sections: { subjective: '  ', plan: 'x' }, extra: [] }, 'dap')).toEqual({ sections: { plan: 'x' }, extra: [] });
    const content = { sections: { plan: 'x' }, extra: [{ heading: 'Goals', text: 'y' }] };
    expect(parseContent(serializeContent(content))).toEqual(content);
    expect(parseContent('plain words')).toEqual({ sections: { note: 'plain words' }, extra: [] });
    expect(parseContent('{"sections":{"plan":5},"extra":[{"heading":1}]}')).toEqual({ sections: {}, extra: [] });
    expect(hasText(parseContent(null))).toBe(false);
    expect(hasText(content)).toBe(true);
  });
});

import { NOTE_TEMPLATES, parseContent, type NoteTemplateId } from './note-templates.ts';

/** About two lines of a list row. */
export const PREVIEW_CHARS = 140;

/**
 * The first words of a note for a list (issue 37: a client's notes with a preview): its first
 * section with text, in the template's order, on one line, cut at a word with an ellipsis.
 */
export function notePreview(stored: string | null | undefined, template: NoteTemplateId, max = PREVIEW_CHARS): string {
  const content = parseContent(stored);
  const order = NOTE_TEMPLATES[template].fields.map((field) => field.key);
  const texts = [...order.map((key) => content.sections[key] ?? ''), ...Object.entries(content.sections).filter(([key]) => !order.includes(key)).map(([, text]) => text), ...content.extra.map((section) => section.text)];
  const text = (texts.find((candidate) => /\S/.test(candidate)) ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

import { describe, expect, it } from 'vitest';
import { ACTION_FILTERS, actionLabel, entityLabel } from './security-log-rules.ts';

describe('Security log words for exports, imports, notes and money (issue 17)', () => {
  it('names each in the user\'s words', () => {
    expect(actionLabel('export')).toBe('All data exported');
    expect(actionLabel('import')).toBe('Clients imported');
    expect(entityLabel('client_import')).toBe('Client import');
    expect(actionLabel('note_signature.create')).toBe('Note signed');
    expect(actionLabel('note_addendum.create')).toBe('Addendum added');
    expect(actionLabel('progress_note.delete')).toBe('Progress note deleted');
    expect(actionLabel('ledger_entry.create')).toBe('Ledger entry recorded');
    expect(actionLabel('invoice.update')).toBe('Invoice updated');
  });

  it('offers them as filters', () => {
    const values = ACTION_FILTERS.map((f) => f.value);
    for (const action of ['export', 'import', 'note_signature.create', 'ledger_entry.create', 'invoice.create']) expect(values).toContain(action);
  });
});

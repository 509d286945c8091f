import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Questionnaire } from '@cadence/shared-auth/forms';
import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, Textarea, TextInput } from '@cadence/shared-ui';
import { useUserId } from '../shared/use-user-id.ts';
import { addItem, findItem, isValid, moveItem, positionOf, problemsOf, removeItem } from './form-model.ts';
import { InvalidFormError, savePracticeForm, type PracticeForm } from './forms-api.ts';
import { AddItem, ITEM_TEXT, ItemList, type ItemEditorActions } from './item-editor.tsx';
import { FormPreview } from './form-preview.tsx';
import { FORMS_QUERY_KEY } from './use-practice-forms.ts';

export const EDITOR_TEXT = {
  back: 'Back to forms',
  title: 'Title',
  description: 'Description',
  descriptionHint: 'Shown to the client above the questions.',
  version: (v: number) => `Version ${v}. Clients you already sent this form to keep the version they were sent.`,
  items: 'Items',
  addItem: 'Add item',
  save: 'Save',
  saving: 'Saving…',
  saved: (v: number) => `Saved as version ${v}.`,
  fix: (n: number) => (n === 1 ? 'Fix 1 problem before saving.' : `Fix ${n} problems before saving.`),
  failed: 'The form could not be saved. Your changes are still here; please try again.',
  deleted: (name: string) => `Deleted ${name}.`,
  undo: 'Undo',
  moved: (name: string, position: number, of: number) => `Moved ${name} to position ${position} of ${of}.`,
  unsaved: 'Unsaved changes',
} as const;
const T = EDITOR_TEXT;

/** The editor of one of the therapist's copies: everything changes a draft; Save validates, then writes. */
export function FormEditor({ form, onBack }: { form: PracticeForm; onBack: () => void }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(form);
  const [q, setQ] = useState<Questionnaire>(form.questionnaire);
  const [undo, setUndo] = useState<{ before: Questionnaire; name: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const dirty = JSON.stringify(q) !== JSON.stringify(saved.questionnaire);
  const problems = problemsOf(q);
  const problemCount = problems.form.length + [...problems.items.values()].reduce((n, list) => n + list.length, 0);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(`fe-text-${focusAfter.current}`)?.focus();
    focusAfter.current = null;
  });

  const save = useMutation({
    mutationFn: (edited: Questionnaire) => savePracticeForm(userId, saved, edited),
    onSuccess: (next) => {
      setSaved(next);
      setQ(next.questionnaire);
      setSavedMessage(T.saved(next.version));
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY(userId) });
    },
  });

  const change = (next: Questionnaire) => {
    setQ(next);
    setUndo(null);
    setSavedMessage(null);
  };
  const actions: ItemEditorActions = {
    change,
    move: (linkId, toIndex) => {
      const next = moveItem(q, linkId, toIndex);
      if (next === q) return;
      change(next);
      const where = positionOf(next, linkId);
      const item = findItem(next, linkId);
      if (where && item) setAnnouncement(T.moved(ITEM_TEXT.itemName(item, where.position), where.position, where.of));
    },
    remove: (linkId) => {
      const item = findItem(q, linkId);
      const where = positionOf(q, linkId);
      change(removeItem(q, linkId));
      setUndo({ before: q, name: item && where ? ITEM_TEXT.itemName(item, where.position) : linkId });
      requestAnimationFrame(() => undoRef.current?.focus());
    },
    added: (linkId) => {
      focusAfter.current = linkId;
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSavedMessage(null);
    if (!isValid(problems)) {
      setShowProblems(true);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    save.mutate(q);
  };
  const saveError = save.error instanceof InvalidFormError ? save.error.problems.join(' ') : save.error ? T.failed : null;
  const shownProblems = showProblems ? problems.items : new Map<string, string[]>();
  const titleProblem = showProblems || !q.title.trim() ? problems.form.find((p) => /title/i.test(p)) : undefined;

  return (
    <form className="fe-editor" onSubmit={submit} noValidate aria-labelledby="fe-editor-heading">
      <div className="fe-row fe-editor__top">
        <Button variant="quiet" icon="chevron-left" onClick={onBack}>{T.back}</Button>
        {dirty ? <span className="fe-muted">{T.unsaved}</span> : null}
      </div>
      <h3 id="fe-editor-heading" className="fe-editor__heading">{saved.title}</h3>
      <p className="fe-muted">{T.version(saved.version)}</p>
      {showProblems && problemCount > 0 ? (
        <div ref={summaryRef} tabIndex={-1} className="fe-summary">
          <Alert tone="error">{T.fix(problemCount)} {problems.form.filter((p) => p !== titleProblem).join(' ')}</Alert>
        </div>
      ) : null}
      <TextInput label={T.title} value={q.title} required error={titleProblem} maxLength={200} onChange={(e) => change({ ...q, title: e.target.value })} />
      <Textarea label={T.description} hint={T.descriptionHint} value={q.description ?? ''} rows={2} onChange={(e) => change({ ...q, description: e.target.value || undefined })} />
      <div className="fe-layout">
        <div className="fe-layout__items">
          <h3 className="fe-subheading">{T.items}</h3>
          <ItemList q={q} items={q.item} problems={shownProblems} actions={actions} label={T.items} />
          <AddItem
            label={T.addItem}
            typeLabel={ITEM_TEXT.newType}
            onAdd={(type) => {
              const added = addItem(q, type);
              change(added.questionnaire);
              actions.added(added.linkId);
            }}
          />
        </div>
        <FormPreview questionnaire={q} />
      </div>
      <div className="fe-live" role="status" aria-live="polite">
        {announcement}
      </div>
      {undo ? (
        <div className="fe-row fe-undo" role="status">
          <span>{T.deleted(undo.name)}</span>
          <Button ref={undoRef} size="sm" onClick={() => {
            setQ(undo.before);
            setUndo(null);
          }}>{T.undo}</Button>
        </div>
      ) : null}
      {saveError ? <Alert tone="error">{saveError}</Alert> : null}
      {savedMessage ? <Alert tone="success">{savedMessage}</Alert> : null}
      <div className="fe-row fe-editor__actions">
        <Button type="submit" variant="primary" loading={save.isPending} loadingLabel={T.saving} onClick={() => {
          // On every try the problems show beside their fields, valid or not after this change.
          setShowProblems(true);
        }}>{T.save}</Button>
      </div>
    </form>
  );
}


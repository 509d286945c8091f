import { useSearchParams } from '@cadence/shared-router';
import { FORM_TEMPLATES } from '@cadence/shared-auth/forms/templates';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, EmptyState, Skeleton, StatusChip } from '@cadence/shared-ui';
import { LoadError } from '../shared/load-error.tsx';
import { useUserId } from '../shared/use-user-id.ts';
import { FormEditor } from './form-editor.tsx';
import { copyTemplate, getPracticeForm, setFormArchived } from './forms-api.ts';
import { FORMS_QUERY_KEY, usePracticeForms } from './use-practice-forms.ts';
import './form-editor.css';

export const FORMS_SECTION_TEXT = {
  yours: 'Your forms',
  yoursHint: 'Copies you can change. The Portal tab of a client’s page sends them.',
  none: 'No forms of your own yet',
  noneHint: 'Make a copy of a template below to change its questions.',
  templates: 'Templates',
  templatesHint: 'Cadence’s forms, ready to send as they are. Make a copy to change one.',
  copy: (title: string) => `Make a copy of ${title}`,
  copyShort: 'Make a copy',
  edit: (title: string) => `Edit ${title}`,
  archive: (title: string) => `Archive ${title}`,
  restore: (title: string) => `Restore ${title}`,
  archived: 'Archived',
  version: (v: number) => `Version ${v}`,
  loading: 'Loading forms',
  failed: 'Loading your forms failed',
  actionFailed: 'This could not be saved. Please try again.',
  formFailed: 'This form could not be opened. It may have been deleted.',
} as const;
const T = FORMS_SECTION_TEXT;

function FormsList({ open }: { open: (formId: string) => void }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const forms = usePracticeForms();
  const refresh = () => queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY(userId) });
  const copy = useMutation({
    mutationFn: (templateId: string) => {
      const template = FORM_TEMPLATES.find((t) => t.id === templateId);
      if (!template) throw new Error(T.actionFailed);
      return copyTemplate(userId, template);
    },
    onSuccess: async (form) => {
      await refresh();
      open(form.id);
    },
  });
  const archive = useMutation({
    mutationFn: ({ formId, archived }: { formId: string; archived: boolean }) => setFormArchived(userId, formId, archived),
    onSuccess: refresh,
  });

  let own;
  if (forms.isPending) own = <Skeleton label={T.loading} lines={3} />;
  else if (forms.isError) own = <LoadError what={T.failed} onRetry={() => void forms.refetch()} />;
  else if (forms.data.length === 0) own = <EmptyState title={T.none}>{T.noneHint}</EmptyState>;
  else {
    own = (
      <ul className="fe-list">
        {forms.data.map((form) => (
          <li key={form.id} className="fe-list__row">
            <div>
              <strong>{form.title}</strong> <span className="fe-muted">{T.version(form.version)}</span>{' '}
              {form.archived ? <StatusChip tone="neutral" label={T.archived} /> : null}
            </div>
            <div className="fe-row">
              <Button size="sm" icon="edit" aria-label={T.edit(form.title)} onClick={() => open(form.id)}>Edit</Button>
              <Button
                size="sm"
                variant="quiet"
                aria-label={form.archived ? T.restore(form.title) : T.archive(form.title)}
                loading={archive.isPending && archive.variables.formId === form.id}
                onClick={() => archive.mutate({ formId: form.id, archived: !form.archived })}
              >
                {form.archived ? 'Restore' : 'Archive'}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fe-section">
      <section aria-labelledby="fe-yours">
        <h3 id="fe-yours" className="fe-subheading">{T.yours}</h3>
        <p className="fe-muted">{T.yoursHint}</p>
        {own}
        {archive.isError ? <Alert tone="error">{T.actionFailed}</Alert> : null}
      </section>
      <section aria-labelledby="fe-templates">
        <h3 id="fe-templates" className="fe-subheading">{T.templates}</h3>
        <p className="fe-muted">{T.templatesHint}</p>
        <ul className="fe-list">
          {FORM_TEMPLATES.map((template) => (
            <li key={template.id} className="fe-list__row">
              <div>
                <strong>{template.title}</strong>
                {template.description ? <p className="fe-muted">{template.description}</p> : null}
              </div>
              <Button
                size="sm"
                icon="add"
                aria-label={T.copy(template.title)}
                loading={copy.isPending && copy.variables === template.id}
                onClick={() => copy.mutate(template.id ?? '')}
              >
                {T.copyShort}
              </Button>
            </li>
          ))}
        </ul>
        {copy.isError ? <Alert tone="error">{T.actionFailed}</Alert> : null}
      </section>
    </div>
  );
}

function EditorFor({ formId, onBack }: { formId: string; onBack: () => void }) {
  const userId = useUserId();
  const form = useQuery({ queryKey: ['practice-form', userId, formId], queryFn: () => getPracticeForm(userId, formId), enabled: userId !== '', staleTime: Infinity, gcTime: 0 });
  if (form.isPending) return <Skeleton label={T.loading} lines={6} />;
  if (form.isError) {
    return (
      <div className="fe-section">
        <Alert tone="error">{T.formFailed}</Alert>
        <Button onClick={onBack}>Back to forms</Button>
      </div>
    );
  }
  return <FormEditor key={form.data.id} form={form.data} onBack={onBack} />;
}

/**
 * Practice → Forms (issue 31): the templates and the therapist's own copies; `?form=<id>` opens one
 * in the editor, so a reload or a shared link lands on it and Back returns to the list. Loaded with
 * this tab only (practice-page.tsx imports it lazily): the editor and dnd-kit are not first-load code.
 */
export default function FormsSection() {
  const [params, setParams] = useSearchParams();
  const formId = params.get('form');
  const go = (id: string | null) => setParams((p) => {
    const next = new URLSearchParams(p);
    next.set('tab', 'forms');
    if (id) next.set('form', id);
    else next.delete('form');
    return next;
  });
  return formId ? <EditorFor formId={formId} onBack={() => go(null)} /> : <FormsList open={(id) => go(id)} />;
}

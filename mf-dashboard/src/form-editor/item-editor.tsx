import { useState, type ReactNode } from 'react';
import { clientFieldOf, isQuestion, type Questionnaire, type QuestionnaireItem } from '@cadence/shared-auth/forms';
import { Alert, Button, Checkbox, Select, TextInput } from '@cadence/shared-ui';
import {
  acceptedKindsOf, addItem, EDITABLE_TYPES, isEditableType, newOptionCode, setAcceptedKinds, TYPE_LABELS, UPLOAD_KIND_LIST, updateItem, type EditableType,
} from './form-model.ts';
import { ShowIfEditor } from './show-if-editor.tsx';
import { SortableItems, SortableRow } from './sortable-items.tsx';

export const ITEM_TEXT = {
  questionText: 'Question',
  displayText: 'Text to show',
  sectionTitle: 'Section title',
  type: 'Type',
  required: 'Required',
  options: 'Options',
  option: (n: number) => `Option ${n}`,
  removeOption: (n: number) => `Remove option ${n}`,
  addOption: 'Add an option',
  up: (name: string) => `Move ${name} up`,
  down: (name: string) => `Move ${name} down`,
  remove: (name: string) => `Delete ${name}`,
  itemName: (item: QuestionnaireItem, n: number) => (item.text?.trim() ? `“${item.text.trim()}”` : `item ${n}`),
  addToSection: 'Add to this section',
  newType: 'Type of the new item',
  newTypeIn: (name: string) => `Type of the new item in ${name}`,
  add: 'Add',
  mapped: 'Review offers this answer for the client record.',
  accepted: 'Files the client may upload',
  acceptedHint: 'Up to 10 MB each. On a phone the client can take a photo.',
  kinds: { pdf: 'PDF', image: 'Photos and images (JPEG, PNG, HEIC, WebP)' },
} as const;
const T = ITEM_TEXT;

export interface ItemEditorActions {
  change: (next: Questionnaire) => void;
  move: (linkId: string, toIndex: number) => void;
  remove: (linkId: string) => void;
  added: (linkId: string) => void;
}

const QUESTION_TYPES = EDITABLE_TYPES.filter((t) => t !== 'group' && t !== 'display');

/** The add-an-item row: a type and an Add button (a form's end, or a section's). */
export function AddItem({ label, typeLabel, onAdd }: { label: string; typeLabel: string; onAdd: (type: EditableType) => void }) {
  const [type, setType] = useState<EditableType>('string');
  return (
    <div className="fe-add" role="group" aria-label={label}>
      <Select label={typeLabel} value={type} onChange={(e) => setType(isEditableType(e.target.value) ? e.target.value : 'string')} options={EDITABLE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} />
      <Button icon="add" onClick={() => onAdd(type)}>{label}</Button>
    </div>
  );
}

/** An upload item's accepted kinds: PDFs, images or both (at least one stays ticked). */
function AcceptedKinds({ q, item, actions }: { q: Questionnaire; item: QuestionnaireItem; actions: ItemEditorActions }) {
  const kinds = acceptedKindsOf(item);
  return (
    <fieldset className="fe-options">
      <legend>{T.accepted}</legend>
      <p className="fe-muted">{T.acceptedHint}</p>
      {UPLOAD_KIND_LIST.map((kind) => (
        <Checkbox
          key={kind}
          label={T.kinds[kind]}
          checked={kinds.includes(kind)}
          disabled={kinds.length === 1 && kinds.includes(kind)}
          onChange={(e) => actions.change(setAcceptedKinds(q, item.linkId, e.target.checked ? [...kinds, kind] : kinds.filter((k) => k !== kind)))}
        />
      ))}
    </fieldset>
  );
}

function Choices({ q, item, actions }: { q: Questionnaire; item: QuestionnaireItem; actions: ItemEditorActions }) {
  const options = item.answerOption ?? [];
  const set = (next: typeof options) => actions.change(updateItem(q, item.linkId, { answerOption: next }));
  return (
    <fieldset className="fe-options">
      <legend>{T.options}</legend>
      <ol>
        {options.map((option, index) => (
          <li key={option.valueCoding.code} className="fe-row">
            <TextInput
              label={T.option(index + 1)}
              value={option.valueCoding.display}
              onChange={(e) => set(options.map((o, i) => (i === index ? { valueCoding: { ...o.valueCoding, display: e.target.value } } : o)))}
            />
            <Button size="sm" variant="quiet" disabled={options.length === 1} aria-label={T.removeOption(index + 1)} onClick={() => set(options.filter((_, i) => i !== index))}>Remove</Button>
          </li>
        ))}
      </ol>
      <Button size="sm" icon="add" onClick={() => set([...options, { valueCoding: { code: newOptionCode(item), display: T.option(options.length + 1) } }])}>{T.addOption}</Button>
    </fieldset>
  );
}

interface ItemListProps {
  q: Questionnaire;
  items: QuestionnaireItem[];
  problems: Map<string, string[]>;
  actions: ItemEditorActions;
  label: string;
}

/** A list of items (the form's, or a section's), each sortable by drag and by its Move buttons. */
export function ItemList({ q, items, problems, actions, label }: ItemListProps) {
  const ids = items.map((i) => i.linkId);
  const nameOf = (id: string) => {
    const index = ids.indexOf(id);
    const item = items[index];
    return item ? T.itemName(item, index + 1) : id;
  };
  return (
    <SortableItems ids={ids} nameOf={nameOf} onMove={actions.move}>
      <ol className="fe-items" aria-label={label}>
        {items.map((item, index) => (
          <SortableRow key={item.linkId} id={item.linkId} name={nameOf(item.linkId)} className="fe-item">
            {(handle) => <ItemEditor q={q} item={item} index={index} count={items.length} problems={problems} actions={actions} handle={handle} />}
          </SortableRow>
        ))}
      </ol>
    </SortableItems>
  );
}

function ItemEditor({ q, item, index, count, problems, actions, handle }: {
  q: Questionnaire; item: QuestionnaireItem; index: number; count: number; problems: Map<string, string[]>; actions: ItemEditorActions; handle: ReactNode;
}) {
  const name = T.itemName(item, index + 1);
  const own = problems.get(item.linkId) ?? [];
  const textProblem = own.find((p) => /text/i.test(p));
  const other = own.filter((p) => p !== textProblem);
  const textLabel = item.type === 'group' ? T.sectionTitle : item.type === 'display' ? T.displayText : T.questionText;
  const headingId = `fe-item-${item.linkId}`;
  const mapped = clientFieldOf(item) ? T.mapped : undefined;
  return (
    <section className="fe-item__body" aria-labelledby={headingId}>
      <div className="fe-item__head">
        {handle}
        <h3 id={headingId} className="fe-item__title">
          {index + 1}. {isEditableType(item.type) ? TYPE_LABELS[item.type] : item.type}
        </h3>
        <Button size="sm" variant="quiet" aria-label={T.up(name)} disabled={index === 0} onClick={() => actions.move(item.linkId, index - 1)}>Up</Button>
        <Button size="sm" variant="quiet" aria-label={T.down(name)} disabled={index === count - 1} onClick={() => actions.move(item.linkId, index + 1)}>Down</Button>
        <Button size="sm" variant="danger" aria-label={T.remove(name)} onClick={() => actions.remove(item.linkId)}>Delete</Button>
      </div>
      <TextInput
        id={`fe-text-${item.linkId}`}
        label={textLabel}
        value={item.text ?? ''}
        hint={mapped}
        error={textProblem}
        onChange={(e) => actions.change(updateItem(q, item.linkId, { text: e.target.value }))}
      />
      {isQuestion(item) ? (
        <div className="fe-row">
          <Select
            label={T.type}
            value={item.type}
            onChange={(e) => {
              if (isEditableType(e.target.value)) actions.change(updateItem(q, item.linkId, { type: e.target.value }));
            }}
            // A type the model has and the editor does not offer yet stays what it is until changed.
            options={[...QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })), ...(isEditableType(item.type) ? [] : [{ value: item.type, label: item.type }])]}
          />
          <Checkbox label={T.required} checked={item.required === true} onChange={(e) => actions.change(updateItem(q, item.linkId, { required: e.target.checked ? true : undefined }))} />
        </div>
      ) : null}
      {item.type === 'choice' || item.type === 'open-choice' ? <Choices q={q} item={item} actions={actions} /> : null}
      {item.type === 'attachment' ? <AcceptedKinds q={q} item={item} actions={actions} /> : null}
      {other.length ? <Alert tone="error">{other.join(' ')}</Alert> : null}
      <ShowIfEditor q={q} item={item} onChange={actions.change} />
      {item.type === 'group' ? (
        <div className="fe-group">
          <ItemList q={q} items={item.item ?? []} problems={problems} actions={actions} label={`Items in ${name}`} />
          <AddItem
            label={T.addToSection}
            typeLabel={T.newTypeIn(name)}
            onAdd={(type) => {
              const added = addItem(q, type, item.linkId);
              actions.change(added.questionnaire);
              actions.added(added.linkId);
            }}
          />
        </div>
      ) : null}
    </section>
  );
}

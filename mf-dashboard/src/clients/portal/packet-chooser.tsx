import { useQuery } from '@cadence/shared-auth/query';
import { Button, Checkbox } from '@cadence/shared-ui';
import { usePracticeForms } from '../../form-editor/use-practice-forms.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { listPacketTemplates } from './forms-api.ts';
import './packet-chooser.css';

// Choosing a packet's forms and consents, in order: the Portal tab's "Send a packet" and a service's
// intake packet (Practice → Services) both use it, on entries as packet-entries.ts names them.

export const PACKET_CHOOSER_TEXT = {
  formsGroup: 'Forms',
  ownFormsGroup: 'Your forms',
  consentsGroup: 'Consents',
  order: 'Order',
  up: (title: string) => `Move ${title} up`,
  upShort: 'Up',
  downShort: 'Down',
  down: (title: string) => `Move ${title} down`,
  templatesFailed: 'The forms could not be loaded.',
  unavailable: 'A form no longer available (left out when sent)',
  loading: 'Loading…',
  remove: (title: string) => `Remove ${title}`,
  removeShort: 'Remove',
} as const;

const T = PACKET_CHOOSER_TEXT;
/** The checkboxes for every form and consent, and the chosen ones in order with Up and Down (keyboard and pointer alike). */
export function PacketChooser({ value, onChange }: { value: readonly string[]; onChange: (next: string[]) => void }) {
  const userId = useUserId();
  const templates = useQuery({ queryKey: ['packet-templates', userId], queryFn: listPacketTemplates, enabled: userId !== '', staleTime: Infinity });
  // The therapist's own copies (Practice → Forms) beside the templates; archived ones are not offered.
  const ownForms = usePracticeForms();
  const groups = templates.data
    ? ([
      ['template', T.formsGroup, templates.data.forms],
      ['form', T.ownFormsGroup, (ownForms.data ?? []).filter((f) => !f.archived)],
      ['consent', T.consentsGroup, templates.data.consents],
    ] as const)
    : [];
  const titles = new Map<string, string>(groups.flatMap(([kind, , list]) => list.map((t) => [`${kind}:${t.id}`, t.title] as const)));
  const loaded = templates.isSuccess && !ownForms.isPending;
  const titleOf = (entry: string) => titles.get(entry) ?? (loaded ? T.unavailable : T.loading);
  const toggle = (entry: string, on: boolean) => onChange(on ? [...value, entry] : value.filter((e) => e !== entry));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [entry] = next.splice(index, 1);
    if (entry) next.splice(index + by, 0, entry);
    onChange(next);
  };

  return (
    <>
      {templates.isError ? <p className="packet-chooser__hint">{T.templatesFailed}</p> : null}
      {groups.length > 0 ? (
        <div className="packet-chooser__choices">
          {groups.map(([kind, legend, list]) => (list.length === 0 ? null : (
            <fieldset key={kind}>
              <legend>{legend}</legend>
              {list.map((t) => (
                <Checkbox key={t.id} label={t.title} checked={value.includes(`${kind}:${t.id}`)} onChange={(e) => toggle(`${kind}:${t.id}`, e.target.checked)} />
              ))}
            </fieldset>
          )))}
        </div>
      ) : null}
      {value.length > 0 ? (
        <ol className="packet-chooser__order" aria-label={T.order}>
          {value.map((entry, index) => (
            <li key={entry}>
              <span>{titleOf(entry)}</span>
              <Button size="sm" aria-label={T.up(titleOf(entry))} disabled={index === 0} onClick={() => move(index, -1)}>{T.upShort}</Button>
              <Button size="sm" aria-label={T.down(titleOf(entry))} disabled={index === value.length - 1} onClick={() => move(index, 1)}>{T.downShort}</Button>
              {titles.has(entry) || !loaded ? null : <Button size="sm" aria-label={T.remove(titleOf(entry))} onClick={() => toggle(entry, false)}>{T.removeShort}</Button>}
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

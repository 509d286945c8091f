import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Field, Icon, type FieldTextProps } from '@cadence/shared-ui';
import './combobox.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line ("Last seen 12 May"), also searched. */
  description?: string;
}

export interface ComboboxProps extends FieldTextProps {
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  /** Shown in the list when nothing matches what was typed. */
  emptyText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /**
   * The options for the typed text, ranked and limited (a large list searched elsewhere); by
   * default the `options` whose label or description holds the text, ignoring case.
   */
  search?: (query: string) => readonly ComboboxOption[];
  className?: string;
}

const defaultFilter = (option: ComboboxOption, query: string) => {
  const needle = query.trim().toLocaleLowerCase();
  return option.label.toLocaleLowerCase().includes(needle) || (option.description?.toLocaleLowerCase().includes(needle) ?? false);
};

/**
 * A searchable picker (the schedule's client picker): the WAI-ARIA APG combobox with a listbox popup
 * and list autocomplete. Typing filters; Down/Up open and move the active option (announced through
 * aria-activedescendant while focus stays in the input); Enter chooses; Escape closes, then clears.
 * Leaving the field restores the chosen option's label.
 */
export function Combobox({
  label,
  hint,
  error,
  options,
  value,
  onChange,
  placeholder,
  emptyText = 'No matches',
  required,
  disabled,
  search,
  className,
}: ComboboxProps) {
  const listId = useId();
  const selected = options.find((option) => option.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = query ?? selected?.label ?? '';
  const matches = search ? search(query ?? '') : query === null ? options : options.filter((option) => defaultFilter(option, query));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const show = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  };
  const dismiss = () => {
    setOpen(false);
    setActive(-1);
    setQuery(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey || !open) show(open ? active : matches.findIndex((option) => option.value === value));
        else show(Math.min(active + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        show(open ? Math.max(active - 1, 0) : matches.length - 1);
        break;
      case 'Enter': {
        const option = open ? matches[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          dismiss();
        } else if (value !== null || query) {
          event.preventDefault();
          setQuery(null);
          onChange(null);
        }
        break;
      default:
    }
  };

  return (
    <Field label={label} hint={hint} error={error} required={required} className={cx('ui-combobox', className)}>
      {(control) => (
        <div className="ui-combobox__control">
          <input
            {...control}
            type="text"
            role="combobox"
            className="ui-control ui-combobox__input"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 && matches[active] ? optionId(active) : undefined}
            placeholder={placeholder}
            disabled={disabled}
            value={text}
            onChange={(event) => {
              setQuery(event.target.value);
              show(event.target.value ? 0 : -1);
            }}
            onKeyDown={onKeyDown}
            onBlur={dismiss}
            onClick={() => (open ? dismiss() : show(matches.findIndex((option) => option.value === value)))}
          />
          <Icon name="chevron-down" className="ui-combobox__chevron" />
          <ul id={listId} role="listbox" aria-label={typeof label === 'string' ? label : undefined} hidden={!open} className="ui-combobox__list">
            {matches.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                className={cx('ui-combobox__option', index === active && 'is-active')}
                // mousedown, not click: the input keeps focus (no blur closing the list first).
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
              >
                <span className="ui-combobox__option-label">{option.label}</span>
                {option.description && <span className="ui-combobox__option-description">{option.description}</span>}
                {option.value === value && <Icon name="check" className="ui-combobox__check" />}
              </li>
            ))}
            {matches.length === 0 && (
              <li className="ui-combobox__empty" role="presentation">
                {emptyText}
              </li>
            )}
          </ul>
        </div>
      )}
    </Field>
  );
}

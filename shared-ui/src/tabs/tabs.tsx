import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import './tabs.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** The tab list's accessible name ("Account sections"). */
  label: string;
  items: readonly TabItem[];
  /** The selected tab's id (controlled); else `defaultValue`, else the first tab. */
  value?: string;
  defaultValue?: string;
  onChange?: (id: string) => void;
  className?: string;
}

/**
 * ARIA tabs (WAI-ARIA APG, automatic activation): one tab stop for the list; Left/Right arrows (wrapping),
 * Home and End move and select; the selected tab's panel follows in the tab order.
 */
export function Tabs({ label, items, value, defaultValue, onChange, className }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? items.find((item) => !item.disabled)?.id);
  const selected = value ?? own;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((item) => !item.disabled);

  const select = (id: string) => {
    setOwn(id);
    onChange?.(id);
    tabRefs.current.get(id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const position = enabled.findIndex((item) => item.id === selected);
    const target =
      event.key === 'ArrowRight'
        ? enabled[(position + 1) % enabled.length]
        : event.key === 'ArrowLeft'
          ? enabled[(position - 1 + enabled.length) % enabled.length]
          : event.key === 'Home'
            ? enabled[0]
            : event.key === 'End'
              ? enabled[enabled.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target.id);
  };

  return (
    <div className={cx('ui-tabs', className)}>
      <div role="tablist" aria-label={label} className="ui-tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabRefs.current.set(item.id, element);
              else tabRefs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.id}`}
            aria-selected={item.id === selected}
            aria-controls={`${baseId}-panel-${item.id}`}
            tabIndex={item.id === selected ? 0 : -1}
            disabled={item.disabled}
            className="ui-tabs__tab"
            onClick={() => select(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          tabIndex={0}
          hidden={item.id !== selected}
          className="ui-tabs__panel"
        >
          {item.id === selected && item.content}
        </div>
      ))}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { BadgeTone } from '../badge/badge.tsx';
import { cx } from '../class-names.ts';
import { Icon, type IconName } from '@cadence/shared-ui';
import './menu.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  icon?: IconName;
  /** A destructive action, drawn in the danger colour. */
  danger?: boolean;
  disabled?: boolean;
  /** Makes the item one of a choice (role menuitemradio): true for the value now chosen. */
  checked?: boolean;
}

export interface MenuProps {
  /** The trigger's accessible name ("Actions for Jane Doe"); shown as text unless `icon` is set. */
  label: string;
  items: readonly MenuItem[];
  /** An icon-only trigger ("more"): `label` becomes its accessible name and tooltip. */
  icon?: IconName;
  align?: 'start' | 'end';
  className?: string;
  /**
   * A status chip as the trigger (the status a menu of choices changes): `text` is shown in the
   * chip's tone, and `label` stays the accessible name, so it must contain `text`.
   */
  chip?: { text: string; tone: BadgeTone };
}

/**
 * The menu button pattern (WAI-ARIA APG): the trigger opens a role="menu"; arrows, Home and End
 * move between items, a letter jumps to the next item starting with it, Enter or Space chooses,
 * Escape closes and focus returns to the trigger; Tab or a click outside closes it. The list is
 * placed against the viewport (fixed), so a scrolling box such as a Table never clips it; below the
 * trigger, or above when there is more room there, and it closes when the page scrolls away.
 */
export function Menu({ label, items, icon, align = 'start', className, chip }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<CSSProperties>();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);
  // A menu of choices opens on the one already chosen (WAI-ARIA APG, menu button with radio items).
  const chosen = items.findIndex((item) => item.checked && !item.disabled);
  const first = chosen >= 0 ? chosen : enabled[0];

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus({ preventScroll: true });
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Closes when the trigger has really moved: a scroll event that lands just after opening (the
    // click that scrolled the trigger into view) must not close a menu that is still in place.
    const top = () => trigger.current?.getBoundingClientRect().top ?? 0;
    const at = top();
    const onMove = () => {
      if (Math.abs(top() - at) > 1) setOpen(false);
    };
    const onResize = () => setOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  const openAt = (index: number | undefined) => {
    if (index === undefined) return;
    if (!open && trigger.current) {
      const box = trigger.current.getBoundingClientRect();
      const below = innerHeight - box.bottom;
      setPlace({
        ...(below < 240 && box.top > below ? { bottom: innerHeight - box.top + 4 } : { top: box.bottom + 4 }),
        ...(align === 'end' ? { right: innerWidth - box.right } : { left: box.left }),
      });
    }
    setActive(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };
  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  };
  const move = (step: number) => {
    const position = enabled.indexOf(active);
    openAt(enabled[(position + step + enabled.length) % enabled.length]);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(first);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(enabled[enabled.length - 1]);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = items[active];
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Home':
        event.preventDefault();
        openAt(enabled[0]);
        break;
      case 'End':
        event.preventDefault();
        openAt(enabled[enabled.length - 1]);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (item) choose(item);
        break;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const letter = event.key.toLowerCase();
          const order = [...enabled.filter((index) => index > active), ...enabled.filter((index) => index <= active)];
          const match = order.find((index) => items[index]?.label.toLowerCase().startsWith(letter));
          if (match !== undefined) openAt(match);
        }
    }
  };

  return (
    <div ref={root} className={cx('ui-menu', className)}>
      <button
        ref={trigger}
        type="button"
        className={
          chip
            ? cx('ui-badge', 'ui-status-chip', `ui-badge--${chip.tone}`, 'ui-menu__chip')
            : cx('ui-button', 'ui-button--sm', icon ? 'ui-button--quiet ui-icon-button' : 'ui-button--secondary')
        }
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={icon || chip ? label : undefined}
        title={icon ? label : undefined}
        onClick={() => (open ? close(false) : openAt(first))}
        onKeyDown={onTriggerKeyDown}
      >
        {icon ? (
          <Icon name={icon} />
        ) : chip ? (
          <>
            <span className="ui-status-chip__dot" aria-hidden="true" />
            <span>{chip.text}</span>
            <Icon name="chevron-down" />
          </>
        ) : (
          <>
            <span>{label}</span>
            <Icon name="chevron-down" />
          </>
        )}
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={label} className="ui-menu__list" style={place} onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => (
            <li
              key={item.label}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={index === active ? 0 : -1}
              aria-disabled={item.disabled || undefined}
              className={cx('ui-menu__item', item.danger && 'ui-menu__item--danger')}
              onClick={() => choose(item)}
            >
              {item.icon && <Icon name={item.icon} />}
              {item.checked !== undefined && <span className="ui-menu__check">{item.checked && <Icon name="check" />}</span>}
              <span>{item.label}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

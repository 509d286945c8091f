import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { IconButton } from '../button/button.tsx';
import { cx } from '../class-names.ts';
import { focusableIn } from '../focusable.ts';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop; the owner sets open={false}. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The actions row (buttons), end-aligned. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Where focus goes on open; else the first focusable element of the body, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** False while something must finish (a payment being confirmed): Escape and the backdrop do nothing. */
  dismissible?: boolean;
  className?: string;
}

/**
 * A modal dialog: a native <dialog> shown with showModal() (top layer, the page behind inert),
 * named by its title and described by its description. Focus moves in on open, Tab and Shift+Tab
 * stay inside, Escape closes, and focus returns to where it was on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
  closeLabel = 'Close',
  dismissible = true,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal where the browser has it (every current one); the attribute alone elsewhere (jsdom).
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const body = dialog.querySelector<HTMLElement>('.ui-dialog__body');
    const target = initialFocus?.current ?? (body && focusableIn(body)[0]) ?? dialog;
    target.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = focusableIn(ref.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  // The browser's own close request (Escape, a phone's back gesture) goes through onClose, so
  // `open` stays the owner's.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (dismissible) onClose();
  };
  // A click whose target is the <dialog> itself landed on its backdrop (the content fills the box).
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === ref.current && dismissible) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={cx('ui-dialog', `ui-dialog--${size}`, className)}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClick={onClick}
    >
      <div className="ui-dialog__content">
        <header className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          {dismissible && <IconButton icon="close" label={closeLabel} size="sm" onClick={onClose} className="ui-dialog__close" />}
        </header>
        {description && (
          <p id={descriptionId} className="ui-dialog__description">
            {description}
          </p>
        )}
        <div className="ui-dialog__body">{children}</div>
        {footer && <footer className="ui-dialog__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}

import { createContext, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon, IconButton, type IconName } from '@cadence/shared-ui';
import './toast.css';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  /** Milliseconds before it leaves by itself; 0 keeps it until dismissed. */
  duration?: number;
}

interface ToastEntry extends Required<ToastOptions> {
  id: number;
}

export interface ToastApi {
  show: (toast: ToastOptions) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const icons: Record<ToastTone, IconName> = { info: 'info', success: 'success', error: 'error' };

export interface ToastProviderProps {
  children: ReactNode;
  /** Default lifetime of a toast in milliseconds. */
  duration?: number;
  dismissLabel?: string;
}

/**
 * Brief confirmations ("Profile saved") in one polite live region, present from the start so that
 * screen readers announce what is added to it; each toast leaves on its own or by its close button.
 */
export function ToastProvider({ children, duration = 5000, dismissLabel = 'Dismiss notification' }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(0);
  const api = useMemo<ToastApi>(
    () => ({
      show: ({ message, tone = 'info', duration: own = duration }) => {
        const id = ++nextId.current;
        setToasts((current) => [...current, { id, message, tone, duration: own }]);
      },
    }),
    [duration],
  );
  return (
    <ToastContext value={api}>
      {children}
      <div role="status" aria-live="polite" className="ui-toast-region">
        {toasts.map(({ id, tone, duration: own, message }) => (
          <Toast key={id} tone={tone} duration={own} dismissLabel={dismissLabel} onDismiss={() => setToasts((current) => current.filter((toast) => toast.id !== id))}>
            {message}
          </Toast>
        ))}
      </div>
    </ToastContext>
  );
}

/** Shows toasts from anywhere under a ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}

export interface ToastProps {
  tone?: ToastTone;
  children: ReactNode;
  onDismiss: () => void;
  /** Milliseconds before onDismiss is called by itself; 0 never. */
  duration?: number;
  dismissLabel?: string;
}

/** One toast (ToastProvider renders these; exported for the gallery and custom regions). */
export function Toast({ tone = 'info', children, onDismiss, duration = 0, dismissLabel = 'Dismiss notification' }: ToastProps) {
  const dismiss = useEffectEvent(onDismiss);
  useEffect(() => {
    if (!duration) return;
    const timer = setTimeout(dismiss, duration);
    return () => clearTimeout(timer);
  }, [duration]);
  return (
    <div className={cx('ui-toast', `ui-toast--${tone}`)}>
      <Icon name={icons[tone]} className="ui-toast__icon" />
      <p className="ui-toast__message">{children}</p>
      <IconButton icon="close" label={dismissLabel} size="sm" onClick={onDismiss} className="ui-toast__dismiss" />
    </div>
  );
}

import type { ReactNode } from 'react';

export type NoticeTone = 'error' | 'success' | 'warning' | 'info';

/** A message box: errors are announced assertively, everything else politely. */
export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <div className={`auth-alert auth-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

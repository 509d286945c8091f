import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '../constants.ts';
import '../content.css';
import './legal.css';

/** The frame of a legal page: its one h1, the last-updated line (spec §2), then h2 sections. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="content-page content-legal">
      <h1>{title}</h1>
      <p className="content-muted">Last updated: {LEGAL_LAST_UPDATED}</p>
      {children}
    </article>
  );
}

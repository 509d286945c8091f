import type { ReactNode } from 'react';
import { PageHeader } from '@cadence/shared-ui';
import { LEGAL_LAST_UPDATED } from '../constants.ts';
import '../content.css';
import './legal.css';

/** The frame of a legal page: its one h1, the last-updated line (spec §2), then h2 sections. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="content-page content-legal">
      <PageHeader title={title} description={`Last updated: ${LEGAL_LAST_UPDATED}`} />
      {children}
    </article>
  );
}

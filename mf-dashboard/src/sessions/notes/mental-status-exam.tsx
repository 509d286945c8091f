import { memo } from 'react';
import { Select } from '@cadence/shared-ui';
import { MENTAL_STATUS_DOMAINS, MENTAL_STATUS_TITLE, NOT_ASSESSED } from './mental-status.ts';

export interface MentalStatusExamProps {
  /** Each domain's finding in MENTAL_STATUS_DOMAINS' order, '' where not assessed. */
  findings: readonly string[];
  onFinding: (domainKey: string, finding: string) => void;
}

/**
 * The mental status exam of a note (issue 37): one choice per domain, each starting "Not assessed";
 * only a chosen finding is recorded. A finding another tool wrote stays shown and chosen.
 */
export const MentalStatusExam = memo(function MentalStatusExam({ findings, onFinding }: MentalStatusExamProps) {
  return (
    <fieldset className="note-editor__extras note-editor__mental-status">
      <legend>{MENTAL_STATUS_TITLE}</legend>
      <p className="note-editor__hint">Only what you assessed is recorded: a domain left “{NOT_ASSESSED}” is not in the note.</p>
      <div className="note-editor__mental-status-grid">
        {MENTAL_STATUS_DOMAINS.map((domain, index) => {
          const finding = findings[index] ?? '';
          const options = [{ value: '', label: NOT_ASSESSED }, ...domain.findings.map((text) => ({ value: text, label: text }))];
          if (finding && !domain.findings.includes(finding)) options.push({ value: finding, label: finding });
          return <Select key={domain.key} label={domain.label} options={options} value={finding} onChange={(event) => onFinding(domain.key, event.target.value)} />;
        })}
      </div>
    </fieldset>
  );
});

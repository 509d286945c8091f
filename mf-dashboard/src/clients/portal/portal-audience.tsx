import { Select } from '@cadence/shared-ui';
import type { PortalAudience, PortalPerson } from './portal-access-api.ts';

export const AUDIENCE_TEXT = {
  label: 'Share with',
  hint: 'Who sees it in the portal and acts on it.',
  client: 'The client',
  guardian: 'Parent/guardian',
  both: 'The client and parent/guardian',
} as const;

/**
 * Issue 31 "Guardians": whom an item goes to, when a parent or guardian has portal access. Only the
 * people linked now are offered; with no guardian nothing is asked (the client it is).
 */
export function AudienceSelect({ people, value, onChange, idPrefix }: {
  people: readonly PortalPerson[]; value: PortalAudience; onChange: (next: PortalAudience) => void; idPrefix: string;
}) {
  const hasGuardian = people.some((p) => p.role === 'guardian');
  const hasClient = people.some((p) => p.role === 'client');
  if (!hasGuardian) return null;
  const options = [
    ...(hasClient ? [{ value: 'client', label: AUDIENCE_TEXT.client }] : []),
    { value: 'guardian', label: AUDIENCE_TEXT.guardian },
    ...(hasClient ? [{ value: 'both', label: AUDIENCE_TEXT.both }] : []),
  ];
  return (
    <Select
      id={`${idPrefix}-audience`} label={AUDIENCE_TEXT.label} hint={AUDIENCE_TEXT.hint} value={value} options={options}
      onChange={(event) => onChange(event.target.value === 'both' ? 'both' : event.target.value === 'guardian' ? 'guardian' : 'client')}
    />
  );
}

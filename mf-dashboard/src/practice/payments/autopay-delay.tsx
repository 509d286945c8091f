import { useId, useState } from 'react';
import { appwrite, attempt } from '@cadence/shared-auth';
import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button } from '@cadence/shared-ui';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { practiceKeys, usePracticeSettings } from '../practice-queries.ts';

/** practice_settings.autopayDelayDays: how many days after a session AutoPay may charge it (issue 33). */
const DELAYS = [1, 2, 3, 7, 14, 30] as const;
const delayLabel = (days: number) => (days === 1 ? 'The day after the session' : `${days} days after the session`);

/**
 * Practice → Payments → AutoPay (issue 33): when a client's AutoPay charges a session — the night after
 * the practice's waiting time, in the practice's time zone between midnight and 2 am. Each client
 * turns AutoPay on themselves (or the therapist does with their consent, on the client's Billing tab).
 */
export function AutoPayDelay() {
  const id = useId();
  const userId = useUserId();
  const queryClient = useQueryClient();
  const settings = usePracticeSettings();
  const stored = (settings.data as { autopayDelayDays?: number | null } | null | undefined)?.autopayDelayDays ?? 1;
  const [days, setDays] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: async (value: number) => {
      const doc = settings.data;
      if (!doc) throw new Error('Set up your practice first.');
      await attempt(() => appwrite().databases.updateDocument({ ...practiceCollection('practiceSettings'), documentId: doc.$id, data: { autopayDelayDays: value } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.settings(userId) }),
  });
  if (!settings.data) return null;
  const chosen = days ?? stored;
  return (
    <section aria-labelledby={`${id}-title`} className="payments">
      <h3 id={`${id}-title`}>AutoPay</h3>
      <p>
        Clients turn AutoPay on for their saved card in the portal, or you do on a client’s Billing tab with their consent — one client at a
        time. AutoPay charges what a client owes at night, between midnight and 2 AM in your practice’s time zone; clients using insurance
        are left out unless you allow it for them.
      </p>
      <label htmlFor={`${id}-delay`}>Charge a session</label>{' '}
      <select id={`${id}-delay`} value={chosen} onChange={(event) => setDays(Number(event.target.value))}>
        {DELAYS.map((d) => <option key={d} value={d}>{delayLabel(d)}</option>)}
      </select>{' '}
      <Button onClick={() => save.mutate(chosen)} loading={save.isPending} loadingLabel="Saving…" disabled={chosen === stored}>Save</Button>
      {save.isSuccess && chosen === stored ? <p role="status">Saved.</p> : null}
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
    </section>
  );
}

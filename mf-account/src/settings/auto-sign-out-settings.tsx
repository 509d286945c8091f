import {
  AUTO_SIGN_OUT_MINUTES, autoSignOutMinutes, saveAutoSignOutMinutes, useAuthStore, type AuthUser, type AutoSignOutMinutes,
} from '@cadence/shared-auth';
import { Alert, Select } from '@cadence/shared-ui';
import { useState } from 'react';
import { reasonOf } from '../account/account-api.ts';
import { MESSAGES } from '../messages.ts';

const OPTIONS = AUTO_SIGN_OUT_MINUTES.map((minutes) => ({ value: String(minutes), label: MESSAGES.autoSignOutChoice(minutes) }));

/**
 * issue 17: how long without activity before the app signs the therapist out (5–60 min, 15 by
 * default), saved at once in the account's prefs, so every tab (the shell's idle timer reads the
 * store) and the next sign-in follow it.
 */
export function AutoSignOutSettings({ user }: { user: AuthUser }) {
  const stored = autoSignOutMinutes(user.prefs);
  const [saving, setSaving] = useState<AutoSignOutMinutes | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function choose(value: string) {
    const minutes = Number(value) as AutoSignOutMinutes;
    setSaving(minutes);
    setResult(null);
    try {
      await saveAutoSignOutMinutes(minutes);
      await useAuthStore.getState().refreshUser();
      setResult({ ok: true, text: MESSAGES.autoSignOutSaved(minutes) });
    } catch (e) {
      setResult({ ok: false, text: MESSAGES.autoSignOutFailed(reasonOf(e)) });
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className="account-stack">
      <h4 className="account-subtitle">{MESSAGES.autoSignOut}</h4>
      <Select
        label={MESSAGES.autoSignOutLabel}
        hint={MESSAGES.autoSignOutHint}
        options={OPTIONS}
        value={String(saving ?? stored)}
        disabled={saving !== null}
        onChange={(e) => void choose(e.target.value)}
      />
      {result && <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
    </div>
  );
}

import { profileStatusText, sendEmailVerification, type AuthUser, type SubscriptionDocument } from '@cadence/shared-auth';
import { Alert, Badge, Button, Card } from '@cadence/shared-ui';
import { useState } from 'react';
import { reasonOf } from '../account/account-api.ts';
import { MESSAGES } from '../messages.ts';
import { nextPaymentText, ordinal, profileBillingDates, trialDaysRemaining } from './profile-status.ts';

export function ResendVerificationButton({ label = MESSAGES.resendVerification, size = 'sm', className }: { label?: string; size?: 'sm' | 'md'; className?: string }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      await sendEmailVerification();
      setResult({ ok: true, text: MESSAGES.verificationSent });
    } catch (error) {
      setResult({ ok: false, text: MESSAGES.verificationFailed(reasonOf(error)) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="account-stack">
      <div>
        <Button size={size} icon="email" className={className} loading={busy} onClick={() => void resend()}>{label}</Button>
      </div>
      {result && <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
    </div>
  );
}

export function ProfileSection({ user, subscription, now = new Date() }: { user: AuthUser; subscription: SubscriptionDocument | null; now?: Date }) {
  const dates = profileBillingDates(user.prefs, user.registration || user.$createdAt, subscription, now);
  const trialDays = user.labels.includes('trialActive') ? trialDaysRemaining(subscription?.trialEnd, now) : null;
  return (
    <Card>
      <dl className="account-fields">
        <dt>Name</dt>
        <dd>{user.name || MESSAGES.notProvided}</dd>
        <dt>Email</dt>
        <dd>
          <span className="account-inline">
            <span className="account-break">{user.email}</span>
            {!user.emailVerification && <Badge tone="warning">{MESSAGES.unverified}</Badge>}
          </span>
          {!user.emailVerification && <ResendVerificationButton />}
        </dd>
        <dt>Status</dt>
        <dd>{profileStatusText(user.labels)}</dd>
        {trialDays !== null && (
          <>
            <dt>Trial Days Remaining</dt>
            <dd>{trialDays === 1 ? '1 day' : `${trialDays} days`}</dd>
          </>
        )}
        <dt>Plan</dt>
        <dd>{MESSAGES.plan}</dd>
        <dt>Billing Cycle</dt>
        <dd>{`${ordinal(dates.cycleDay)} of each month`}</dd>
        <dt>Next Payment</dt>
        <dd>{nextPaymentText(dates, user.labels)}</dd>
      </dl>
    </Card>
  );
}

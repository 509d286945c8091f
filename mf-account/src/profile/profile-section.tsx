import { profileStatusText, sendEmailVerification, type AuthUser, type SubscriptionDocument } from '@cadence/shared-auth';
import { useState } from 'react';
import { reasonOf } from '../account/account-api.ts';
import { MESSAGES } from '../messages.ts';
import { nextPaymentText, ordinal, profileBillingDates, trialDaysRemaining } from './profile-status.ts';

export function ResendVerificationButton({ label = MESSAGES.resendVerification }: { label?: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      await sendEmailVerification();
      setMessage(MESSAGES.verificationSent);
    } catch (error) {
      setMessage(MESSAGES.verificationFailed(reasonOf(error)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => void resend()}>{label}</button>
      <span role="status" className="account-message">{message}</span>
    </>
  );
}

export function ProfileSection({ user, subscription, now = new Date() }: { user: AuthUser; subscription: SubscriptionDocument | null; now?: Date }) {
  const dates = profileBillingDates(user.prefs, user.registration || user.$createdAt, subscription, now);
  const trialDays = user.labels.includes('trialActive') ? trialDaysRemaining(subscription?.trialEnd, now) : null;
  return (
    <dl className="account-fields">
      <dt>Name</dt>
      <dd>{user.name || MESSAGES.notProvided}</dd>
      <dt>Email</dt>
      <dd>
        {user.email}
        {!user.emailVerification && (
          <>
            {' '}<span className="account-badge account-badge--warning">{MESSAGES.unverified}</span>{' '}
            <ResendVerificationButton />
          </>
        )}
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
  );
}

import { createCheckoutSession, useAuthStore } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from '@cadence/shared-router';
import { DevicesSection } from '../devices/devices-section.tsx';
import { NotificationsSection } from '../notifications/notifications-section.tsx';
import { PaymentsSection } from '../payments/payments-section.tsx';
import { ProfileSection } from '../profile/profile-section.tsx';
import { SettingsSection } from '../settings/settings-section.tsx';
import { billingPortalUrl } from './account-api.ts';
import { ACCOUNT_SECTIONS, initialSection, type AccountSectionId } from './account-sections.ts';
import { useLatestSubscription } from './use-subscription.ts';
import './account.css';

// spec §8: the resume and checkout buttons fail silently (the error is only logged).
async function redirectTo(target: () => Promise<string>) {
  try {
    window.location.assign(await target());
  } catch (error) {
    console.error('Redirect failed', error);
  }
}

export default function AccountPage() {
  return (
    <QueryProvider>
      <Account />
    </QueryProvider>
  );
}

function Account() {
  const user = useAuthStore((state) => state.user);
  const signOut = useAuthStore((state) => state.signOut);
  const location = useLocation();
  const navigate = useNavigate();
  const [active, setActive] = useState<AccountSectionId>(() => initialSection(location.search, window.location.hash));
  const subscription = useLatestSubscription(user?.$id);
  const panelId = useId();
  const titleId = useId();

  async function logOut() {
    await signOut().catch((error: unknown) => console.error('Sign out failed', error));
    navigate('/');
  }

  if (!user) return <p role="status">Loading your account...</p>;
  const section = ACCOUNT_SECTIONS.find((s) => s.id === active) ?? ACCOUNT_SECTIONS[0];
  return (
    <div className="page account-page">
      <h1>Account</h1>
      {(user.labels.includes('subscriptionCanceled') || user.labels.includes('subscriptionExpired')) && (
        <div className="account-actions">
          {user.labels.includes('subscriptionCanceled') && (
            <button type="button" className="button button-primary" onClick={() => void redirectTo(billingPortalUrl)}>Resume subscription</button>
          )}
          {user.labels.includes('subscriptionExpired') && (
            <button type="button" className="button button-primary" onClick={() => void redirectTo(() => createCheckoutSession())}>Start new subscription</button>
          )}
        </div>
      )}
      <div className="account-layout">
        <nav className="account-nav" aria-label="Account sections">
          <ul>
            {ACCOUNT_SECTIONS.map((s) => (
              <li key={s.id}>
                <button type="button" className="account-nav-item" aria-current={s.id === active ? 'true' : undefined}
                  aria-controls={panelId} onClick={() => setActive(s.id)}>
                  {s.label}
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="button account-logout" onClick={() => void logOut()}>Log Out</button>
            </li>
          </ul>
        </nav>
        <section id={panelId} className="account-panel" aria-labelledby={titleId}>
          <h2 id={titleId}>{section.label}</h2>
          {active === 'profile' && <ProfileSection user={user} subscription={subscription} />}
          {active === 'payments' && <PaymentsSection userId={user.$id} subscription={subscription} />}
          {active === 'notifications' && <NotificationsSection userId={user.$id} labels={user.labels} />}
          {active === 'devices' && <DevicesSection />}
          {active === 'settings' && <SettingsSection user={user} subscription={subscription} />}
        </section>
      </div>
    </div>
  );
}

import { createCheckoutSession, useAuthStore } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { Button, PageHeader, Skeleton } from '@cadence/shared-ui';
import { Tabs } from '@cadence/shared-ui/bundled';
import { useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@cadence/shared-router';
import { DevicesSection } from '../devices/devices-section.tsx';
import { NotificationsSection } from '../notifications/notifications-section.tsx';
import { PracticeTodayCard } from '../practice-today/practice-today-card.tsx';
import { PaymentsSection } from '../payments/payments-section.tsx';
import { ProfileSection } from '../profile/profile-section.tsx';
import { SecurityLogSection } from '../security-log/security-log-section.tsx';
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

/** One section's panel: its h2 (the page outline under "Account"), then its cards. */
function SectionPanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="account-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-panel__title">{title}</h2>
      {children}
    </section>
  );
}

function Account() {
  const user = useAuthStore((state) => state.user);
  const signOut = useAuthStore((state) => state.signOut);
  const location = useLocation();
  const navigate = useNavigate();
  const [active, setActive] = useState<AccountSectionId>(() => initialSection(location.search, window.location.hash));
  const subscription = useLatestSubscription(user?.$id);

  async function logOut() {
    await signOut().catch((error: unknown) => console.error('Sign out failed', error));
    navigate('/');
  }

  if (!user) return <Skeleton label="Loading your account..." />;
  const content: Record<AccountSectionId, ReactNode> = {
    profile: <ProfileSection user={user} subscription={subscription} />,
    payments: <PaymentsSection userId={user.$id} subscription={subscription} />,
    notifications: <NotificationsSection userId={user.$id} labels={user.labels} />,
    devices: <DevicesSection />,
    settings: <SettingsSection user={user} subscription={subscription} />,
    'security-log': <SecurityLogSection />,
  };
  return (
    <div className="page account-page">
      <PageHeader
        title="Account"
        actions={
          <>
            {user.labels.includes('subscriptionCanceled') && (
              <Button variant="primary" onClick={() => void redirectTo(billingPortalUrl)}>Resume subscription</Button>
            )}
            {user.labels.includes('subscriptionExpired') && (
              <Button variant="primary" onClick={() => void redirectTo(() => createCheckoutSession())}>Start new subscription</Button>
            )}
            <Button icon="sign-out" onClick={() => void logOut()}>Log Out</Button>
          </>
        }
      />
      <PracticeTodayCard user={user} />
      <Tabs
        label="Account sections"
        className="account-tabs"
        value={active}
        onChange={(id) => setActive(id as AccountSectionId)}
        items={ACCOUNT_SECTIONS.map((s) => ({ id: s.id, label: s.label, content: <SectionPanel title={s.label}>{content[s.id]}</SectionPanel> }))}
      />
    </div>
  );
}

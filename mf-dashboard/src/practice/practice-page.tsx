import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from '@cadence/shared-router';
import { Button, Card, EmptyState, Skeleton } from '@cadence/shared-ui';
import { Tabs } from '@cadence/shared-ui/bundled';
import { Link } from '@cadence/shared-router';
import { PRACTICE } from '../dashboard/dashboard-sections.ts';
import { LoadError } from '../shared/load-error.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { PracticeSettingsForm } from './practice-settings-form.tsx';
import { usePracticeSettings } from './practice-queries.ts';
import { ServicesSection } from './services-section.tsx';
import './practice.css';

// Practice → Forms (issue 31's form editor) is its own chunk, fetched when the tab is opened.
const FormsSection = lazy(() => import('../form-editor/forms-section.tsx'));
const TABS = ['details', 'services', 'availability', 'forms', 'payments'];
// Issue 33: Practice → Payments (Stripe Connect), its own chunk too.
const PaymentsSection = lazy(() => import('./payments/payments-section.tsx'));
// Issue 32: its own chunk, loaded when the tab opens.
const AvailabilitySection = lazy(() => import('../availability/availability-section.tsx'));

/** /dashboard/practice: practice details and services, one tab each. */
export function PracticePage() {
  const settings = usePracticeSettings();
  // Today's "Add a service" opens the Services tab (?tab=services); the form editor keeps ?tab=forms.
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => TABS.find((t) => t === params.get('tab')) ?? 'details');

  let body;
  if (settings.isPending) body = <Skeleton label="Loading practice settings" lines={6} />;
  else if (settings.isError) body = <LoadError what="Loading practice settings failed" onRetry={() => void settings.refetch()} />;
  else {
    const practice = settings.data;
    body = (
      <Tabs
        label="Practice sections"
        value={tab}
        onChange={setTab}
        items={[
          { id: 'details', label: 'Practice details', content: <PracticeSettingsForm settings={practice} /> },
          {
            id: 'services',
            label: 'Services',
            content: practice ? (
              <ServicesSection currency={practice.currency} />
            ) : (
              <EmptyState title="Set up your practice first" action={<Button onClick={() => setTab('details')}>Open practice details</Button>}>
                Saving your practice details adds three suggested services for you to price.
              </EmptyState>
            ),
          },
          {
            id: 'availability',
            label: 'Availability',
            content: practice ? (
              <Suspense fallback={<Skeleton label="Loading availability" lines={6} />}>
                <AvailabilitySection timeZone={practice.timeZone} />
              </Suspense>
            ) : (
              <EmptyState title="Set up your practice first" action={<Button onClick={() => setTab('details')}>Open practice details</Button>}>
                Your working hours are in your practice’s time zone.
              </EmptyState>
            ),
          },
          { id: 'calendar-feed', label: 'Calendar feed', content: <CalendarFeedSection /> },
          { id: 'forms', label: 'Forms', content: <Suspense fallback={<Skeleton label="Loading forms" lines={4} />}><FormsSection /></Suspense> },
          {
            id: 'payments',
            label: 'Payments',
            content: practice ? (
              <Suspense fallback={<Skeleton label="Loading payments" lines={3} />}><PaymentsSection /></Suspense>
            ) : (
              <EmptyState title="Set up your practice first" action={<Button onClick={() => setTab('details')}>Open practice details</Button>}>
                Card payments go to your practice’s own Stripe account.
              </EmptyState>
            ),
          },
        ]}
      />
    );
  }

  return (
    // The tabs say what is here; the heading row keeps the way to the other half of the settings
    // (sign-in, security, subscription) on one line with the title, so a phone starts on the work.
    <Card title={PRACTICE.label} actions={<Link to="/account?view=settings">Account settings</Link>} className="dash-panel">
      {body}
    </Card>
  );
}

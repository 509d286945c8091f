/**
 * The dashboard's sections, each its own route under /dashboard (spec §2 Dashboard keeps its five
 * section names; Today, Reports and Practice come with the practice). A section shows its
 * placeholder sentence until the practice fills it. No Notifications entry (spec §2).
 */
export interface DashboardSection {
  /** Relative to /dashboard; '' is Today, the overview. */
  path: string;
  label: string;
  placeholder: string;
}

export const TODAY: DashboardSection = {
  path: '',
  label: 'Today',
  placeholder: 'Your day at a glance will appear here once your practice is set up.',
};

export const CLIENTS: DashboardSection = {
  path: 'clients',
  label: 'Clients',
  placeholder: 'Client tracking is under construction. Soon you will keep every client and their history here.',
};

export const PRACTICE: DashboardSection = {
  path: 'practice',
  label: 'Practice',
  placeholder: 'Your practice details, services and fees will be set up here.',
};

export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  TODAY,
  CLIENTS,
  { path: 'schedule', label: 'Schedule', placeholder: 'Your upcoming appointments will appear here.' },
  { path: 'payments', label: 'Payments', placeholder: 'Payments from your clients will appear here.' },
  { path: 'sessions', label: 'All Sessions', placeholder: 'Every session you record will be listed here.' },
  {
    path: 'transactions',
    label: 'All Transactions',
    placeholder: 'A complete history of your transactions will be listed here.',
  },
  { path: 'reports', label: 'Reports', placeholder: 'Reports on your practice’s sessions and income will appear here.' },
  PRACTICE,
];

/** The "Get started" checklist on Today: where a new practice begins. */
export const GET_STARTED: ReadonlyArray<{ label: string; to: string }> = [
  { label: 'Set up your practice', to: '/dashboard/practice' },
  { label: 'Add a service', to: '/dashboard/practice' },
  { label: 'Add a client', to: '/dashboard/clients' },
];

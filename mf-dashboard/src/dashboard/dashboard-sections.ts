import type { IconName } from '@cadence/shared-ui';

/**
 * The dashboard's sections, each its own route under /dashboard (spec §2 Dashboard keeps its five
 * section names; Today, Reports and Practice come with the practice). A section shows its
 * placeholder sentence until the practice fills it. No Notifications entry (spec §2).
 */
export interface DashboardSection {
  /** Relative to /dashboard; '' is Today, the overview. */
  path: string;
  label: string;
  /** Beside the label in the section nav (decorative: the label names the link). */
  icon: IconName;
  placeholder: string;
}

export const TODAY: DashboardSection = {
  path: '',
  label: 'Today',
  icon: 'today',
  placeholder: 'Your day at a glance will appear here once your practice is set up.',
};

export const INBOX: DashboardSection = {
  path: 'inbox',
  label: 'Inbox',
  icon: 'email',
  placeholder: 'Secure messages with your clients will appear here.',
};

export const CLIENTS: DashboardSection = {
  path: 'clients',
  label: 'Clients',
  icon: 'clients',
  placeholder: 'Client tracking is under construction. Soon you will keep every client and their history here.',
};

export const PRACTICE: DashboardSection = {
  path: 'practice',
  label: 'Practice',
  icon: 'settings',
  placeholder: 'Your practice details, services and fees will be set up here.',
};

export const SCHEDULE: DashboardSection = {
  path: 'schedule',
  label: 'Schedule',
  icon: 'schedule',
  placeholder: 'Your upcoming appointments will appear here.',
};

export const SESSIONS: DashboardSection = {
  path: 'sessions',
  label: 'All Sessions',
  icon: 'sessions',
  placeholder: 'Every session you record will be listed here.',
};

export const PAYMENTS: DashboardSection = { path: 'payments', label: 'Payments', icon: 'payments', placeholder: 'Payments from your clients will appear here.' };

export const TRANSACTIONS: DashboardSection = {
  path: 'transactions',
  label: 'All Transactions',
  icon: 'invoices',
  placeholder: 'A complete history of your transactions will be listed here.',
};

export const REPORTS: DashboardSection = { path: 'reports', label: 'Reports', icon: 'reports', placeholder: 'Reports on your practice’s sessions and income will appear here.' };

export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [TODAY, INBOX, CLIENTS, SCHEDULE, PAYMENTS, SESSIONS, TRANSACTIONS, REPORTS, PRACTICE];

/** spec §2 Dashboard: the sections, each a placeholder sentence only (no Notifications entry). */
export interface DashboardSection {
  id: 'clients' | 'schedule' | 'payments' | 'all-sessions' | 'all-transactions';
  label: string;
  placeholder: string;
}

export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  {
    id: 'clients',
    label: 'Clients',
    placeholder: 'Client tracking is under construction. Soon you will keep every client and their history here.',
  },
  { id: 'schedule', label: 'Schedule', placeholder: 'Your upcoming appointments will appear here.' },
  { id: 'payments', label: 'Payments', placeholder: 'Payments from your clients will appear here.' },
  { id: 'all-sessions', label: 'All Sessions', placeholder: 'Every session you record will be listed here.' },
  {
    id: 'all-transactions',
    label: 'All Transactions',
    placeholder: 'A complete history of your transactions will be listed here.',
  },
];

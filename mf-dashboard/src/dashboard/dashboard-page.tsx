import { useRef } from 'react';
import { NavLink, Route, Routes } from '@cadence/shared-router';
import { QueryProvider } from '@cadence/shared-auth/query';
import { Icon, PageHeader } from '@cadence/shared-ui';
import { ClientPage } from '../clients/client-page.tsx';
import { ClientsPage } from '../clients/clients-page.tsx';
import { ClientImportPage } from '../clients/import/client-import-page.tsx';
import { NewClientPage } from '../clients/new-client-page.tsx';
import { PaymentsPage } from '../money/payments-page.tsx';
import { ReportsPage } from '../money/reports-page.tsx';
import { TransactionsPage } from '../money/transactions-page.tsx';
import { PracticePage } from '../practice/practice-page.tsx';
import { PromoBanner } from '../promo-banner/promo-banner.tsx';
import { SchedulePage } from '../schedule/schedule-page.tsx';
import { NotePage } from '../sessions/notes/note-page.tsx';
import { NOTE_ROUTE } from '../sessions/notes/note-paths.ts';
import { NotesDueBadge } from '../sessions/notes/notes-due.tsx';
import { MeasureAlertsBadge } from '../clients/portal/measure-alerts.tsx';
import { SessionsPage } from '../sessions/sessions-page.tsx';
import { TodayPage } from '../today/today-page.tsx';
import { CLIENTS, DASHBOARD_SECTIONS, PAYMENTS, PRACTICE, REPORTS, SCHEDULE, SESSIONS, TODAY, TRANSACTIONS } from './dashboard-sections.ts';
import { SectionNotFound, SectionPanel } from './section-panels.tsx';
import { useStickyNav } from './use-sticky-nav.ts';
import './dashboard.css';

/**
 * Everything under /dashboard (the shell hands over `/dashboard/*`): the layout of spec §2 — a
 * sidebar on desktop, a horizontally scrolling nav that sticks on phones, the mobile promo banner —
 * and one nested route per section, so deep links, reloads and back/forward work.
 */
export default function DashboardPage() {
  const navSlotRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const { stuck, reservedHeight } = useStickyNav(navSlotRef, navRef);

  return (
    <div className="dash-page">
      {/* Named for assistive technology; on screen the section's own heading says where you are,
          so the work starts higher (issue 37: at most ~150 px of chrome on a phone). */}
      <PageHeader title="Dashboard" className="dash-title" />
      <QueryProvider>
        <div className="dash-layout">
          <div className="dash-nav-slot" ref={navSlotRef} style={stuck ? { minHeight: reservedHeight } : undefined}>
            <nav ref={navRef} className={stuck ? 'dash-nav dash-nav--stuck' : 'dash-nav'} aria-label="Dashboard sections">
              <ul className="dash-nav-list">
                {DASHBOARD_SECTIONS.map((section) => (
                  <li key={section.path}>
                    <NavLink className="dash-nav-item" title={section.label} to={section.path ? `/dashboard/${section.path}` : '/dashboard'} end={section === TODAY}>
                      <Icon name={section.icon} />
                      <span>{section.label}</span>
                      {section === SESSIONS && <NotesDueBadge />}
                      {section === TODAY && <MeasureAlertsBadge />}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <Routes>
            <Route index element={<TodayPage />} />
            <Route path={CLIENTS.path} element={<ClientsPage />} />
            <Route path={`${CLIENTS.path}/import`} element={<ClientImportPage />} />
            <Route path={`${CLIENTS.path}/new`} element={<NewClientPage />} />
            <Route path={`${CLIENTS.path}/:clientId`} element={<ClientPage />} />
            <Route path={SCHEDULE.path} element={<SchedulePage />} />
            <Route path={SESSIONS.path} element={<SessionsPage />} />
            <Route path={NOTE_ROUTE} element={<NotePage />} />
            <Route path={PRACTICE.path} element={<PracticePage />} />
            <Route path={PAYMENTS.path} element={<PaymentsPage />} />
            <Route path={TRANSACTIONS.path} element={<TransactionsPage />} />
            <Route path={REPORTS.path} element={<ReportsPage />} />
            {DASHBOARD_SECTIONS.filter((section) => ![TODAY, CLIENTS, SCHEDULE, SESSIONS, PRACTICE, PAYMENTS, TRANSACTIONS, REPORTS].includes(section)).map((section) => (
              <Route key={section.path} path={section.path} element={<SectionPanel section={section} />} />
            ))}
            <Route path="*" element={<SectionNotFound />} />
          </Routes>
        </div>
      </QueryProvider>
      {/* After the section, not above it: on a phone the work comes first. */}
      <PromoBanner />
    </div>
  );
}

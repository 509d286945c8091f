import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Route, Routes } from '@cadence/shared-router';
import { QueryProvider } from '@cadence/shared-auth/query';
import { Icon, PageHeader } from '@cadence/shared-ui';
import { PromoBanner } from '../promo-banner/promo-banner.tsx';
import { NOTE_ROUTE } from '../sessions/notes/note-paths.ts';
import { NotesDueBadge } from '../sessions/notes/notes-due-badge.tsx';
import { VIDEO_ROUTE } from '../sessions/video/video-paths.ts';
import { MeasureAlertsBadge } from '../clients/portal/measure-alerts-badge.tsx';
import { UnreadMessagesBadge } from '../inbox/unread-badge.tsx';
import { CLIENTS, DASHBOARD_SECTIONS, INBOX, PAYMENTS, PRACTICE, REPORTS, SCHEDULE, SESSIONS, TODAY, TRANSACTIONS } from './dashboard-sections.ts';
import { SectionNotFound, SectionPanel } from './section-panels.tsx';
import { prefetchAllWhenIdle, prefetchSection, screens } from './section-screens.ts';
import { useStickyNav } from './use-sticky-nav.ts';
import './dashboard.css';

/**
 * Everything under /dashboard (the shell hands over `/dashboard/*`): the layout of spec §2 — a
 * sidebar on desktop, a horizontally scrolling nav that sticks on phones, the mobile promo banner —
 * and one nested route per section, so deep links, reloads and back/forward work. Each section's
 * screens are their own chunk (section-screens.ts), prefetched once the page is idle or its nav item
 * is hovered or focused.
 */
export default function DashboardPage() {
  const navSlotRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const { stuck, reservedHeight } = useStickyNav(navSlotRef, navRef);
  useEffect(() => prefetchAllWhenIdle(), []);

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
                    <NavLink
                      className="dash-nav-item"
                      title={section.label}
                      to={section.path ? `/dashboard/${section.path}` : '/dashboard'}
                      end={section === TODAY}
                      onPointerEnter={() => prefetchSection(section.path)}
                      onFocus={() => prefetchSection(section.path)}
                    >
                      <Icon name={section.icon} />
                      <span>{section.label}</span>
                      {section === SESSIONS && <NotesDueBadge />}
                      {section === TODAY && <MeasureAlertsBadge />}
                      {section === INBOX && <UnreadMessagesBadge />}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          {/* A section opened cold (a deep link, a reload) leaves its space empty while its chunk loads;
              a switch between sections is a transition, so the one shown stays until the next is ready. */}
          <Suspense fallback={null}>
            <Routes>
              <Route index element={<screens.today.Component />} />
              <Route path={CLIENTS.path} element={<screens.clients.Component />} />
              <Route path={`${CLIENTS.path}/import`} element={<screens.clientImport.Component />} />
              <Route path={`${CLIENTS.path}/new`} element={<screens.newClient.Component />} />
              <Route path={`${CLIENTS.path}/:clientId`} element={<screens.client.Component />} />
              <Route path={SCHEDULE.path} element={<screens.schedule.Component />} />
              <Route path={SESSIONS.path} element={<screens.sessions.Component />} />
              <Route path={NOTE_ROUTE} element={<screens.note.Component />} />
              <Route path={VIDEO_ROUTE} element={<screens.video.Component />} />
              <Route path={PRACTICE.path} element={<screens.practice.Component />} />
              <Route path={PAYMENTS.path} element={<screens.payments.Component />} />
              <Route path={TRANSACTIONS.path} element={<screens.transactions.Component />} />
              <Route path={REPORTS.path} element={<screens.reports.Component />} />
              <Route path={INBOX.path} element={<screens.inbox.Component />} />
              {DASHBOARD_SECTIONS.filter((section) => ![TODAY, INBOX, CLIENTS, SCHEDULE, SESSIONS, PRACTICE, PAYMENTS, TRANSACTIONS, REPORTS].includes(section)).map((section) => (
                <Route key={section.path} path={section.path} element={<SectionPanel section={section} />} />
              ))}
              <Route path="*" element={<SectionNotFound />} />
            </Routes>
          </Suspense>
        </div>
      </QueryProvider>
      {/* After the section, not above it: on a phone the work comes first. */}
      <PromoBanner />
    </div>
  );
}

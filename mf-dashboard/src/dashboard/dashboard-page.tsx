import { useId, useRef, useState } from 'react';
import { PromoBanner } from '../promo-banner/promo-banner.tsx';
import { DASHBOARD_SECTIONS, type DashboardSection } from './dashboard-sections.ts';
import { useStickyNav } from './use-sticky-nav.ts';
import './dashboard.css';

export default function DashboardPage() {
  const [activeId, setActiveId] = useState<DashboardSection['id']>('clients');
  const navSlotRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const { stuck, reservedHeight } = useStickyNav(navSlotRef, navRef);
  const panelId = useId();
  const panelTitleId = useId();
  const active = DASHBOARD_SECTIONS.find((section) => section.id === activeId) ?? DASHBOARD_SECTIONS[0];

  return (
    <div className="dash-page">
      <h1 className="dash-title">Dashboard</h1>
      <PromoBanner />
      <div className="dash-layout">
        <div className="dash-nav-slot" ref={navSlotRef} style={stuck ? { minHeight: reservedHeight } : undefined}>
          <nav
            ref={navRef}
            className={stuck ? 'dash-nav dash-nav--stuck' : 'dash-nav'}
            aria-label="Dashboard sections"
          >
            <ul className="dash-nav-list">
              {DASHBOARD_SECTIONS.map((section) => (
                <li key={section.id}>
                  <button
                    type="button"
                    className="dash-nav-item"
                    aria-current={section.id === activeId ? 'true' : undefined}
                    aria-controls={panelId}
                    onClick={() => setActiveId(section.id)}
                  >
                    {section.label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {active && (
          <section className="dash-panel" id={panelId} aria-labelledby={panelTitleId} aria-live="polite">
            <h2 id={panelTitleId}>{active.label}</h2>
            <p>{active.placeholder}</p>
          </section>
        )}
      </div>
    </div>
  );
}

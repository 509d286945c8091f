import { useId, useRef, useState } from 'react';
import { PromoBanner } from '../promo-banner/promo-banner.tsx';
import { DASHBOARD_SECTIONS, type DashboardSection } from './dashboard-sections.ts';
import { useStuck } from './use-stuck.ts';
import './dashboard.css';

export default function DashboardPage() {
  const [activeId, setActiveId] = useState<DashboardSection['id']>('clients');
  const navRef = useRef<HTMLElement>(null);
  const navStuck = useStuck(navRef);
  const panelId = useId();
  const panelTitleId = useId();
  const active = DASHBOARD_SECTIONS.find((section) => section.id === activeId) ?? DASHBOARD_SECTIONS[0];

  return (
    <div className="dash-page">
      <h1 className="dash-title">Dashboard</h1>
      <PromoBanner />
      <div className="dash-layout">
        <nav
          ref={navRef}
          className={navStuck ? 'dash-nav dash-nav--stuck' : 'dash-nav'}
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

import { Link } from '@cadence/shared-router';
import { Badge, buttonClassName, Card, Icon } from '@cadence/shared-ui';
import { LandingIllustration } from './landing-illustration.tsx';
import { comingFeatures, IN_DEVELOPMENT_NOTE, PRICE_USD_PER_MONTH, PRIVACY_POINTS, readyFeatures, TRIAL_DAYS, type Feature } from './landing-content.ts';
import billingShot from './shots/billing.webp';
import reportsShot from './shots/reports.webp';
import scheduleShot from './shots/schedule.webp';

/** Real screens of a seeded practice (e2e/screenshots/landing-shots.spec.ts), below the fold: loaded lazily, sized so nothing moves. */
const SHOTS = [
  { src: scheduleShot, alt: 'The week’s schedule: sessions Monday to Friday, each with the client’s name and status.', caption: 'Your week at a glance' },
  { src: billingShot, alt: 'A client’s billing: balance, invoices and the ledger of charges and payments.', caption: 'Every client’s account' },
  { src: reportsShot, alt: 'The fees-by-service report: sessions attended, fees charged and the average session fee.', caption: 'Reports you can print' },
] as const;

function FeatureCard({ feature, ready }: { feature: Feature; ready: boolean }) {
  return (
    <li className="landing-feature">
      <Card>
        <span className={ready ? 'landing-feature-icon' : 'landing-feature-icon landing-feature-icon-later'}>
          <Icon name={feature.icon} />
        </span>
        <h3>{feature.title}</h3>
        <p>{feature.text}</p>
        {ready ? <Badge tone="success">Ready</Badge> : <Badge tone="neutral">Coming</Badge>}
      </Card>
    </li>
  );
}

/** The shell's own first paint: it never waits for a remote. spec §2: title, tagline, Get Started, in development. */
export function LandingPage() {
  return (
    <div className="landing" aria-labelledby="landing-title">
      <section className="landing-hero">
        <div className="landing-hero-text">
          <h1 id="landing-title">Cadence</h1>
          <p className="tagline">Practice Management for Therapists</p>
          <p className="landing-lede">
            Your schedule, session notes, clients and billing in one calm place, built for therapists who run their own
            practice.
          </p>
          <div className="landing-actions">
            <Link to="/signup" className={buttonClassName('primary')}>
              Get Started
            </Link>
            <span className="landing-price-hint">
              {TRIAL_DAYS} days free, then ${PRICE_USD_PER_MONTH} a month
            </span>
          </div>
        </div>
        <LandingIllustration />
      </section>

      <div className="landing-body">
        <p className="landing-note">
          <Icon name="info" />
          <span>{IN_DEVELOPMENT_NOTE}</span>
        </p>

        <section className="landing-section" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">What Cadence does for you</h2>
          <ul className="landing-features">
            {readyFeatures.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} ready />
            ))}
            {comingFeatures.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} ready={false} />
            ))}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="landing-shots-title">
          <h2 id="landing-shots-title">See it working</h2>
          <ul className="landing-shots">
            {SHOTS.map((shot) => (
              <li key={shot.caption}>
                <figure>
                  <img src={shot.src} alt={shot.alt} width={1200} height={750} loading="lazy" decoding="async" />
                  <figcaption>{shot.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="landing-privacy-title">
          <h2 id="landing-privacy-title">Private by design</h2>
          <ul className="landing-price-points landing-privacy">
            {PRIVACY_POINTS.map((point) => (
              <li key={point}>
                <Icon name="check" /> {point}
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="landing-pricing-title">
          <h2 id="landing-pricing-title">One plan, one price</h2>
          <Card className="landing-price">
            <p className="landing-price-figure">
              <span className="landing-price-amount">${PRICE_USD_PER_MONTH}</span> per month
            </p>
            <ul className="landing-price-points">
              <li>
                <Icon name="check" /> {TRIAL_DAYS}-day free trial
              </li>
              <li>
                <Icon name="check" /> Every feature as it ships
              </li>
              <li>
                <Icon name="check" /> Cancel any time; access runs to the end of the paid month, with no refunds
              </li>
            </ul>
            <Link to="/signup" className={buttonClassName('secondary')}>
              Start your free trial
            </Link>
          </Card>
        </section>
      </div>
    </div>
  );
}

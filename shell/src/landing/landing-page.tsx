import { Link } from '@cadence/shared-router';

/** The shell's own first paint: it never waits for a remote. */
export function LandingPage() {
  return (
    <div className="page landing" aria-labelledby="landing-title">
      <h1 id="landing-title">Cadence</h1>
      <p className="tagline">Practice Management for Therapists</p>
      <Link to="/signup" className="button button-primary">
        Get Started
      </Link>
      <p className="landing-note">
        Cadence is in development: client tracking, session tracking, payments tracking, invoices, scheduling and
        progress notes are on their way.
      </p>
    </div>
  );
}

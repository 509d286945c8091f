import { Link } from '@cadence/shared-router';

export function NotFoundPage() {
  return (
    <div className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>We couldn’t find that page.</p>
      <Link to="/" className="button">
        Go to the home page
      </Link>
    </div>
  );
}

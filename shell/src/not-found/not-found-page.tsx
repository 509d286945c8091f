import { Link } from '@cadence/shared-router';
import { buttonClassName, Icon } from '@cadence/shared-ui';

export function NotFoundPage() {
  return (
    <div className="page not-found" aria-labelledby="not-found-title">
      <span className="not-found-icon">
        <Icon name="empty" />
      </span>
      <h1 id="not-found-title">Page not found</h1>
      <p>We couldn’t find that page.</p>
      <Link to="/" className={buttonClassName('primary')}>
        Go to the home page
      </Link>
    </div>
  );
}

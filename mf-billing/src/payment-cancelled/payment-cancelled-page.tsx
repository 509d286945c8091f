import { Link } from '@cadence/shared-router';
import { ACCOUNT_PATH } from '../constants.ts';
import '../shared/billing.css';

/** spec §2 /cancel and /payment-cancelled: the same cancelled-payment screen. */
export default function PaymentCancelledPage() {
  return (
    <div className="page" aria-labelledby="page-title">
      <section className="billing-card">
        <h1 id="page-title">Payment Cancelled</h1>
        <p>Your payment was cancelled and you have not been charged. You can start your subscription whenever you are ready.</p>
        <div className="billing-actions">
          <Link className="button button-primary" to={ACCOUNT_PATH}>
            Back to subscription
          </Link>
          <Link className="button" to="/">
            Return Home
          </Link>
        </div>
      </section>
    </div>
  );
}

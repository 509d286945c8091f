import { Link } from '@cadence/shared-router';
import { buttonClassName, Card, PageHeader } from '@cadence/shared-ui';
import { ACCOUNT_PATH } from '../constants.ts';
import '../shared/billing.css';

/** spec §2 /cancel and /payment-cancelled: the same cancelled-payment screen. */
export default function PaymentCancelledPage() {
  return (
    <div className="billing-page">
      <Card>
        <PageHeader
          title="Payment Cancelled"
          description="Your payment was cancelled and you have not been charged. You can start your subscription whenever you are ready."
        />
        <div className="billing-actions">
          <Link className={buttonClassName('primary')} to={ACCOUNT_PATH}>
            Back to subscription
          </Link>
          <Link className={buttonClassName('secondary')} to="/">
            Return Home
          </Link>
        </div>
      </Card>
    </div>
  );
}

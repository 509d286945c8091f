import { Link } from '@cadence/shared-router';
import { Alert, PageHeader } from '@cadence/shared-ui';
import '../content.css';

export default function FaqPage() {
  return (
    <div className="content-page">
      <PageHeader title="Frequently Asked Questions" />
      <Alert tone="info">This page is under construction.</Alert>
      <p>
        In the meantime, questions are welcome through the <Link to="/contact">contact page</Link>.
      </p>
    </div>
  );
}

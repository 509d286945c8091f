import { Link } from '@cadence/shared-router';
import '../content.css';

export default function FaqPage() {
  return (
    <div className="content-page">
      <h1>Frequently Asked Questions</h1>
      <p className="content-notice">This page is under construction.</p>
      <p>
        In the meantime, questions are welcome through the <Link to="/contact">contact page</Link>.
      </p>
    </div>
  );
}

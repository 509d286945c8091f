import { getConfig } from '@cadence/shared-auth';
import '../content.css';

export default function ContactPage() {
  const { supportEmail } = getConfig();
  return (
    <div className="content-page">
      <h1>Contact</h1>
      <p>
        Questions about Cadence, your subscription or your account? Email our support team at{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </div>
  );
}

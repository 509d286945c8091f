import { getConfig } from '@cadence/shared-auth';
import { Card, Icon, PageHeader } from '@cadence/shared-ui';
import '../content.css';

export default function ContactPage() {
  const { supportEmail } = getConfig();
  return (
    <div className="content-page">
      <PageHeader title="Contact" />
      <Card>
        <div className="content-contact">
          <span className="content-contact-icon">
            <Icon name="email" />
          </span>
          <p>
            Questions about Cadence, your subscription or your account? Email our support team at{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        </div>
      </Card>
    </div>
  );
}

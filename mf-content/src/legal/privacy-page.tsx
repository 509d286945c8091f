import { Link } from '@cadence/shared-router';
import {
  AUDIT_LOG_RETENTION_YEARS,
  BREACH_NOTICE_DAYS,
  CHANGE_NOTICE_DAYS,
  DATA_DELETION_DAYS_AFTER_TERMINATION,
  ENCRYPTION_AT_REST,
  FINANCIAL_RECORD_RETENTION_YEARS,
  MINIMUM_TLS_VERSION,
  MINIMUM_USER_AGE,
} from '../constants.ts';
import { LegalDocument } from './legal-document.tsx';

export default function PrivacyPage() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        This Privacy Policy explains what information Cadence collects, why, how we protect it and how long we keep
        it. Cadence is used by therapists to manage their practice, so much of what it stores is about their clients
        and may be protected health information under HIPAA. We handle it with that in mind.
      </p>

      <section aria-labelledby="privacy-collect">
        <h2 id="privacy-collect">1. Information we collect</h2>
        <ul>
          <li>Account details: your name, email address and a securely hashed password.</li>
          <li>
            Subscription and billing records: your plan, subscription status, invoices and the brand and last four
            digits of your card. Full card numbers stay with our card payment provider.
          </li>
          <li>
            Practice data you enter: clients, sessions, schedules, payments and progress notes. This may include
            protected health information.
          </li>
          <li>
            Session and device data: device type, IP address, approximate location and activity times of your active
            sessions, which you can review and end from your account.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">2. How we use it</h2>
        <p>
          We use your information to run the service, bill your subscription, secure your account, send you
          service emails such as verification and password reset messages, and support you when you contact us. We
          do not sell personal information and we do not use your clients' data for advertising.
        </p>
      </section>

      <section aria-labelledby="privacy-sharing">
        <h2 id="privacy-sharing">3. Who we share it with</h2>
        <p>
          Only the providers that run Cadence for us: our hosting and database provider and our card payment
          provider, each bound to protect the data and use it only for us. We disclose information to authorities
          only when the law requires it.
        </p>
      </section>

      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">4. How we protect it</h2>
        <ul>
          <li>Data is encrypted at rest with {ENCRYPTION_AT_REST}.</li>
          <li>Data in transit is protected with {MINIMUM_TLS_VERSION} or higher.</li>
          <li>Access is limited to the people and systems that need it, and access is recorded in audit logs.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-breach">
        <h2 id="privacy-breach">5. Breach notification</h2>
        <p>
          If a breach affects your information, we will notify you within {BREACH_NOTICE_DAYS} days of discovering
          it, with what happened, what data was involved and what we are doing about it.
        </p>
      </section>

      <section aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">6. How long we keep it</h2>
        <ul>
          <li>We keep your account and practice data while your account is active.</li>
          <li>
            After your account is terminated or deleted, we delete your data within{' '}
            {DATA_DELETION_DAYS_AFTER_TERMINATION} days.
          </li>
          <li>Audit logs are kept for {AUDIT_LOG_RETENTION_YEARS} years, as HIPAA requires.</li>
          <li>Financial records such as invoices and payments are kept for {FINANCIAL_RECORD_RETENTION_YEARS} years.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-children">
        <h2 id="privacy-children">7. Children</h2>
        <p>
          Cadence is not for children. Users under {MINIMUM_USER_AGE} may not create an account, and we delete any
          information we learn was provided by a child under {MINIMUM_USER_AGE}.
        </p>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">8. Your choices</h2>
        <p>
          You can view and correct your details in your account, end active sessions on other devices, and delete
          your account and its data at any time from your account settings. For a copy of your data, contact us.
        </p>
      </section>

      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">9. Changes to this policy</h2>
        <p>
          We will notify you at least {CHANGE_NOTICE_DAYS} days before changes to this policy take effect.
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">10. Contact</h2>
        <p>
          Questions about your privacy? Reach us through the <Link to="/contact">contact page</Link>, and see
          our <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>
    </LegalDocument>
  );
}

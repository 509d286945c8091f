import { Link } from '@cadence/shared-router';
import {
  CHANGE_NOTICE_DAYS,
  DATA_DELETION_DAYS_AFTER_TERMINATION,
  ENCRYPTION_AT_REST,
  LIABILITY_CAP_MONTHS,
  MINIMUM_TLS_VERSION,
  MINIMUM_USER_AGE,
  NON_PAYMENT_TERMINATION_DAYS,
  PRICE_USD_PER_MONTH,
  TRIAL_DAYS,
} from '../constants.ts';
import { LegalDocument } from './legal-document.tsx';

export default function TermsPage() {
  return (
    <LegalDocument title="Terms of Service">
      <p>
        These Terms of Service govern your use of Cadence, the practice-management web app and companion mobile
        app for therapists and similar professionals. By creating an account or using Cadence you agree to these
        terms and to our <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <section aria-labelledby="terms-service">
        <h2 id="terms-service">1. The service</h2>
        <p>
          Cadence helps you track clients, sessions, payments, invoices, scheduling and progress notes. Cadence is
          in active development: some features are not available yet and others may change. We will tell you about
          changes that materially reduce what the service does.
        </p>
      </section>

      <section aria-labelledby="terms-eligibility">
        <h2 id="terms-eligibility">2. Who may use Cadence</h2>
        <p>
          Cadence is built for professionals running a practice. You must be at least {MINIMUM_USER_AGE} years old
          to use it; users under {MINIMUM_USER_AGE} are not permitted to create an account, and we close any account
          we learn belongs to someone under {MINIMUM_USER_AGE}. You are responsible for keeping your password secret
          and for everything done with your account.
        </p>
      </section>

      <section aria-labelledby="terms-subscription">
        <h2 id="terms-subscription">3. Subscription, trial and payment</h2>
        <ul>
          <li>
            Access requires a paid monthly subscription. The regular plan costs {PRICE_USD_PER_MONTH} USD per month
            after a {TRIAL_DAYS}-day free trial.
          </li>
          <li>
            Payments are processed by our card payment provider through its hosted checkout and billing portal. We
            never see or store your full card number.
          </li>
          <li>
            You may cancel at any time. Cancellation takes effect at the end of the current paid period, and you keep
            access until then. Payments already made are not refunded, including for partly used periods.
          </li>
          <li>
            We will give you at least {CHANGE_NOTICE_DAYS} days notice before any price change takes effect. If you
            do not agree with the new price, you may cancel before it applies.
          </li>
          <li>
            If a payment remains unpaid for {NON_PAYMENT_TERMINATION_DAYS} days, we may terminate your subscription
            and account.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-data">
        <h2 id="terms-data">4. Your practice data and HIPAA</h2>
        <p>
          The client information you enter stays yours. It may include protected health information under HIPAA,
          and we treat all client data as if it does: we encrypt it with {ENCRYPTION_AT_REST} at rest and send it
          only over {MINIMUM_TLS_VERSION} or higher in transit, limit who can access it, and keep audit logs of
          access. You are responsible for having the right to record your clients' information and for your own
          obligations as a provider. Our <Link to="/privacy">Privacy Policy</Link> explains how we handle data,
          how long we keep records and how we notify you of a breach.
        </p>
      </section>

      <section aria-labelledby="terms-use">
        <h2 id="terms-use">5. Acceptable use</h2>
        <p>
          Do not use Cadence to break the law, to store data you have no right to hold, to probe or disrupt the
          service, or to access another person's account. We may suspend accounts that do.
        </p>
      </section>

      <section aria-labelledby="terms-termination">
        <h2 id="terms-termination">6. Termination and your data</h2>
        <p>
          You may delete your account at any time from your account settings. We may terminate your account for a
          breach of these terms or after {NON_PAYMENT_TERMINATION_DAYS} days of non-payment. After termination we
          delete your data within {DATA_DELETION_DAYS_AFTER_TERMINATION} days, except the records the law requires
          us to keep, as described in the Privacy Policy.
        </p>
      </section>

      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">7. Disclaimers and limitation of liability</h2>
        <p>
          Cadence is provided as is. It is a record-keeping tool and does not give clinical, legal or tax advice. To
          the extent the law allows, our total liability for any claim arising from the service is limited to the
          amount you paid us in the {LIABILITY_CAP_MONTHS} months before the claim arose.
        </p>
      </section>

      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">8. Changes to these terms</h2>
        <p>
          We will notify you by email and in the app at least {CHANGE_NOTICE_DAYS} days before changes to these
          terms take effect. Continuing to use Cadence after that date means you accept the updated terms.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">9. Contact</h2>
        <p>
          Questions about these terms? Reach us through the <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </LegalDocument>
  );
}

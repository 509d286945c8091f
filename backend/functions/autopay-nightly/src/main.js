// autopay-nightly (issue 33 "AutoPay"): on its schedule (every 30 minutes), lib/autopay-run.js —
// each practice's AutoPay charges between midnight and 2 am in its own zone, and the therapist's
// evening summary from 6 pm. Nobody executes it but the scheduler and the server key (execute: []),
// which may pass {now} (an ISO instant: the Stripe emulator's clock, in tests and the e2e suite).
// Logs counts and ids only.
import { Databases } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import { runAutopay } from '../../lib/autopay-run.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { createMailer, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  if (!process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_SECRET_KEY must be set as a function variable.');
    return res.json({ success: false, error: 'Payments are not configured.' }, 500);
  }
  // Only the scheduler and the server key run this function, never a signed-in user.
  if (req.headers['x-appwrite-user-id']) return res.json({ success: false, error: 'Not allowed.' }, 403);
  const body = readBody(req.bodyText);
  const asked = typeof body['now'] === 'string' ? new Date(body['now']) : null;
  const now = asked && !Number.isNaN(asked.getTime()) ? asked : new Date();
  const smtp = smtpSettingsFromEnv(process.env);
  const mailer = smtp ? createMailer(smtp) : null;
  try {
    const report = await runAutopay({
      databases: new Databases(serverClient(req)), c: collectionsFromEnv(process.env), stripe: stripeFromEnv(process.env), now, log,
      origin: appOriginFrom(process.env),
      send: mailer && smtp ? async ({ to, fromName, subject, text }) => { await mailer.sendMail({ from: { name: fromName, address: smtp.fromAddress }, to, subject, text }); } : null,
    });
    log(`autopay: ${JSON.stringify(report)}`);
    return res.json({ success: report.errors === 0, ...report });
  } catch (e) {
    error(`autopay run failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'The AutoPay run failed; the next run picks up where it stopped.' }, 500);
  }
  finally {
    mailer?.close();
  }
};

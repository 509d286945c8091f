// Starts the whole local stack: Appwrite emulator, Stripe emulator (once it exists) and the app
// server, each as a child process, and waits until each answers. Used by `npm start` and by the
// Playwright web server (e2e/playwright.config.ts) with its own ports and data directory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CONNECT_WEBHOOK_EVENTS } from '../backend/functions/lib/connect-events.js';

const root = fileURLToPath(new URL('..', import.meta.url));

// Under load (several stacks on two cores) the Appwrite emulator has taken over 60 s to answer; Playwright
// waits 120 s for the whole stack.
async function waitFor(url, child, name, timeoutMs = 110_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * A secret the functions share with nobody, made once per data directory (a therapist's own machine
 * runs this same stack): `<dataDir>/secrets/<name>`, 32 random bytes, owner-only, first writer wins.
 * A fixed value in this file would be public: with the portal's stand-in id secret anyone could tell
 * which email addresses are a practice's clients. Losing the file is harmless (a new one is made:
 * stand-in ids and today's e-records codes change), so backups need not carry it.
 * @param {string} dataDir
 * @param {string} name
 */
export function stackSecret(dataDir, name) {
  const dir = path.join(dataDir, 'secrets');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to make a new one`);
  return secret;
}

function startTs(name, file, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`${name} stopped with code ${code}`);
  });
  return child;
}

/** The local Connect endpoint's signing secret (issue 33), shared by the Stripe emulator and stripe-connect-webhook. */
const CONNECT_WEBHOOK_SECRET = 'whsec_connect_local';

/**
 * The variables of the functions that call Stripe (billing, delete-user-selfservice) for the local
 * Stripe (in production they are set in Appwrite, never in appwrite.json). The emulator hands each
 * function only its own FUNCTION_VARS_<ID>.
 */
function billingFunctionVars(stripePort, appOrigins, webhookSecret, smtpPort) {
  const mail = { APP_ORIGIN: appOrigins[0], SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence payments <payments@cadence.local>' };
  const vars = JSON.stringify({
    ALLOWED_RETURN_ORIGINS: appOrigins.join(','),
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripePort),
    STRIPE_API_PROTOCOL: 'http',
  });
  return Object.fromEntries(
    [
      ...['CHECKOUT', 'BILLING_PORTAL', 'DELETE_USER_SELFSERVICE', 'STRIPE_WEBHOOK', 'SUBSCRIPTIONS_SYNC', 'RECORD_AGREEMENTS', 'STRIPE_CONNECT', 'PORTAL_PAY', 'AUTOPAY'].map((id) => [`FUNCTION_VARS_${id}`, vars]),
      // Issue 33: the Connect endpoint's own secret (the emulator signs connected accounts' events with it);
      // receipts, office pay links and dispute notices link to the app and go to the local mailbox.
      ['FUNCTION_VARS_STRIPE_CONNECT_WEBHOOK', JSON.stringify({ ...JSON.parse(vars), ...mail, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET })],
      ['FUNCTION_VARS_CARD_PAYMENTS', JSON.stringify({ ...JSON.parse(vars), ...mail })],
    ],
  );
}

/**
 * Reminders and emailed invoices go to the local Appwrite's SMTP receiver (its dev mailbox); the calendar feed's links
 * name its function domain. In production both are set in Appwrite (backend/README.md).
 */
function practiceFunctionVars(appwriteUrl, smtpPort, appOrigins, dataDir) {
  // Issue 31: portal invitations and sign-in mails link to the app's first origin.
  const portal = JSON.stringify({
    APP_ORIGIN: appOrigins[0], PORTAL_ID_SECRET: stackSecret(dataDir, 'portal-id-secret'), SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false',
    SMTP_FROM: 'Cadence portal <portal@cadence.local>',
  });
  // Mail to a portal client or about one that is not a sign-in: the app's link and the mailbox.
  const portalMail = JSON.stringify({
    APP_ORIGIN: appOrigins[0], SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence portal <portal@cadence.local>',
  });
  return {
    FUNCTION_VARS_INVITE_CLIENT: portal,
    FUNCTION_VARS_PORTAL_SIGN_IN: portal,
    // Issue 32: the public booking page's code mails (keyed by PORTAL_ID_SECRET) and the invitation.
    FUNCTION_VARS_PUBLIC_BOOKING: portal,
    // The e-records disclosure's access code (esign-consent) and the withdrawal notice's link.
    // Issue 31: and the therapist's email about a withdrawal.
    FUNCTION_VARS_ESIGN_CONSENT: JSON.stringify({ ...JSON.parse(portalMail), ESIGN_CODE_SECRET: stackSecret(dataDir, ESIGN_CODE_SECRET_FILE) }),
    // The item-9 alert's link to the client and its email to the therapist (submit-measure).
    FUNCTION_VARS_SUBMIT_MEASURE: portalMail,
    // APP_ORIGIN: the scheduled measures' reminder links to the portal's sign-in (issue 31).
    FUNCTION_VARS_SEND_REMINDERS: JSON.stringify({
      APP_ORIGIN: appOrigins[0], SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence reminders <reminders@cadence.local>',
    }),
    FUNCTION_VARS_CALENDAR_FEED: JSON.stringify({ CALENDAR_FEED_BASE_URL: `${appwriteUrl}/_functions/calendar-feed` }),
    // Issue 37: "Notify the client" of a moved or cancelled appointment goes the same way as reminders.
    FUNCTION_VARS_NOTIFY_CLIENT: JSON.stringify({
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence reminders <reminders@cadence.local>',
    }),
    // Issue 16: "Email invoice" goes the same way as reminders.
    // Issue 31: an issued invoice tells an invited client there is a new document in the portal.
    FUNCTION_VARS_INVOICES: JSON.stringify({
      APP_ORIGIN: appOrigins[0], SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence invoices <invoices@cadence.local>',
    }),
    // Issue 31: a shared statement or superbill, a signed consent and a submitted form, likewise (lib/portal-documents.js).
    FUNCTION_VARS_MONEY_DOCUMENTS: portalMail,
    FUNCTION_VARS_SIGN_CONSENT: portalMail,
    FUNCTION_VARS_FILL_FORM: portalMail,
    // Issue 32: the therapist's mail about a booking or a client's change, the client's about an answer.
    FUNCTION_VARS_BOOK_SLOT: portalMail,
    // Issue 32: a delivered Good Faith Estimate, likewise.
    FUNCTION_VARS_GOOD_FAITH_ESTIMATES: portalMail,
    // Issue 32: "You have a new message from {practice}", once per unread burst.
    FUNCTION_VARS_MESSAGE_EMAIL: portalMail,
  };
}

/** @returns {Promise<{ urls: Record<string,string>, stop: () => void }>} */
/** esign-consent's code secret's file name (the bench derives the disclosure's code with it). */
export const ESIGN_CODE_SECRET_FILE = 'esign-code-secret';

export async function startStack({ appPort = 3000, appwritePort = 4000, stripePort = 4242, dataDir = path.join(root, '.data'), deployDir, env = {} } = {}) {
  mkdirSync(dataDir, { recursive: true });
  const children = [];
  const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
  const appwriteUrl = `http://127.0.0.1:${appwritePort}`;
  const stripeUrl = `http://127.0.0.1:${stripePort}`;
  // The app's own origins: the emulator's platform list (redirect URLs, CORS) and the only places
  // Stripe may send a user back to.
  const appOrigins = [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`];
  // The SMTP receiver sits 25 above the emulator's HTTP port (4025; the e2e stack's 4125 + offset).
  const smtpPort = appwritePort + 25;
  const webhookSecret = `whsec_${stackSecret(dataDir, 'stripe-webhook-secret')}`;
  try {
    const appwrite = startTs('Appwrite emulator', 'emulators/appwrite/src/main.ts', {
      APPWRITE_PORT: String(appwritePort),
      APPWRITE_DATA_DIR: path.join(dataDir, 'appwrite'),
      APPWRITE_PLATFORMS: appOrigins.join(','),
      APPWRITE_SMTP_PORT: String(smtpPort),
      ...billingFunctionVars(stripePort, appOrigins, webhookSecret, smtpPort),
      ...practiceFunctionVars(appwriteUrl, smtpPort, appOrigins, dataDir),
      // Issue 33: the nightly AutoPay run calls Stripe and mails a portal link to a card that needs authentication.
      FUNCTION_VARS_AUTOPAY_NIGHTLY: JSON.stringify({
        ...JSON.parse(billingFunctionVars(stripePort, appOrigins, webhookSecret, smtpPort).FUNCTION_VARS_AUTOPAY),
        APP_ORIGIN: appOrigins[0], SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence billing <billing@cadence.local>',
      }),
      ...env,
    });
    children.push(appwrite);
    const waits = [waitFor(`${appwriteUrl}/v1/ping`, appwrite, 'Appwrite emulator')];
    if (existsSync(path.join(root, 'emulators/stripe/src/main.ts'))) {
      const stripe = startTs('Stripe emulator', 'emulators/stripe/src/main.ts', {
        STRIPE_PORT: String(stripePort),
        STRIPE_DATA_DIR: path.join(dataDir, 'stripe'),
        STRIPE_WEBHOOK_URL: `${appwriteUrl}/_functions/stripe-webhook`,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_CONNECT_WEBHOOK_URL: `${appwriteUrl}/_functions/stripe-connect-webhook`,
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
        // The Connect endpoint listens to what stripe-connect-webhook acts on, as in production.
        STRIPE_CONNECT_WEBHOOK_EVENTS: CONNECT_WEBHOOK_EVENTS.join(','),
        ...env,
      });
      children.push(stripe);
      waits.push(waitFor(`${stripeUrl}/_dev/clock`, stripe, 'Stripe emulator'));
    }
    const app = startTs('App server', 'shell/server/main.ts', {
      PORT: String(appPort),
      APPWRITE_UPSTREAM: appwriteUrl,
      ...(deployDir ? { DEPLOY_DIR: deployDir } : {}),
      ...env,
    });
    children.push(app);
    waits.push(waitFor(`http://localhost:${appPort}/config.json`, app, 'App server'));
    await Promise.all(waits);
    // Issue 31: therapists who signed up before the `therapist` label existed get it (idempotent).
    const { labelTherapists } = await import('../backend/scripts/label-therapists.mjs');
    const labelled = await labelTherapists({
      endpoint: `${appwriteUrl}/v1`, projectId: env.APPWRITE_PROJECT_ID ?? 'cadence', apiKey: env.APPWRITE_API_KEY ?? 'local-dev-key', env: { ...process.env, ...env },
    });
    if (labelled.length > 0) console.log(`Labelled ${labelled.length} existing therapist account(s) 'therapist'.`);
  } catch (error) {
    stop();
    throw error;
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => { stop(); process.exit(0); });
  process.once('exit', stop);
  return {
    urls: { app: `http://localhost:${appPort}`, appwrite: `${appwriteUrl}/v1`, mailbox: `${appwriteUrl}/_dev/mail/ui`, smtp: `127.0.0.1:${smtpPort}`, stripe: stripeUrl },
    stop,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'app-port': { type: 'string' },
      'appwrite-port': { type: 'string' },
      'stripe-port': { type: 'string' },
      data: { type: 'string' },
      deploy: { type: 'string' },
    },
  });
  const { urls } = await startStack({
    appPort: Number(values['app-port'] ?? 3000),
    appwritePort: Number(values['appwrite-port'] ?? 4000),
    stripePort: Number(values['stripe-port'] ?? 4242),
    dataDir: values.data ? path.resolve(values.data) : undefined,
    deployDir: values.deploy ? path.resolve(values.deploy) : undefined,
  });
  console.log(`\nCadence is running:\n  app      ${urls.app}\n  appwrite ${urls.appwrite}\n  mailbox  ${urls.mailbox} (SMTP ${urls.smtp})\n`);
}

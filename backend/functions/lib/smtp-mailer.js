// Mail from functions goes over SMTP with nodemailer, configured by function variables, so
// production uses any provider (SES, Postmark, Mailgun, a Workspace relay…) and the local stack the
// Appwrite emulator's SMTP receiver, which files every message in the dev mailbox.
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';

/**
 * @typedef {object} SmtpSettings
 * @property {string} host
 * @property {number} port
 * @property {boolean} secure implicit TLS (port 465); otherwise STARTTLS
 * @property {boolean} requireTLS refuse to send unless STARTTLS succeeds
 * @property {{ user: string, pass: string } | undefined} auth
 * @property {string} fromAddress the address mail is sent from (its display name is per message)
 */

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

/**
 * The bare address of SMTP_FROM (`reminders@example.com` or `Name <reminders@example.com>`).
 * @param {string | undefined} value
 */
function addressOf(value) {
  const text = (value ?? '').trim();
  const address = /<([^<>\s]+@[^<>\s]+)>$/.exec(text)?.[1] ?? text;
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : null;
}

/**
 * SMTP_HOST, SMTP_PORT, SMTP_SECURE (`true`: implicit TLS, default port 465; otherwise STARTTLS,
 * default port 587), SMTP_USER and SMTP_PASSWORD (both optional), SMTP_FROM. Null when the host or
 * the sender is missing. Outside loopback, STARTTLS is required: appointment times and a practice's
 * name are not sent in the clear.
 * @param {Record<string, string | undefined>} env
 * @returns {SmtpSettings | null}
 */
export function smtpSettingsFromEnv(env) {
  const host = env.SMTP_HOST?.trim() ?? '';
  const fromAddress = addressOf(env.SMTP_FROM);
  if (!host || !fromAddress) return null;
  const secure = /^(true|1|yes)$/i.test(env.SMTP_SECURE?.trim() ?? '');
  const port = Number.parseInt(env.SMTP_PORT ?? '', 10);
  const loopback = LOOPBACK_HOSTS.includes(host.toLowerCase()) || (isIP(host) === 4 && host.startsWith('127.'));
  const user = env.SMTP_USER?.trim();
  return {
    host,
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : (secure ? 465 : 587),
    secure,
    requireTLS: !secure && !loopback,
    auth: user ? { user, pass: env.SMTP_PASSWORD ?? '' } : undefined,
    fromAddress,
  };
}

/**
 * A pooled transport for one execution's mail; `close()` it when done.
 * @param {SmtpSettings} settings
 */
export function createMailer(settings) {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTLS,
    ...(settings.auth ? { auth: settings.auth } : {}),
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * What a failed send says, for the execution's log: codes only, since a provider's message often
 * quotes the recipient's address.
 * @param {unknown} e
 */
export function smtpFailure(e) {
  if (!e || typeof e !== 'object') return 'unknown error';
  const { code, responseCode, command } = /** @type {{ code?: unknown, responseCode?: unknown, command?: unknown }} */ (e);
  return [code, responseCode, command].filter((part) => part !== undefined && part !== null).join(' ') || 'unknown error';
}

// Consent signing (issue 31 "Paperwork", ESIGN/UETA: ../shared/reference/client-portal.md §4.2):
// what send-consent, esign-consent and sign-consent share and the tests read directly — the text a
// signature is over and its hash, the access code of the e-records disclosure, the signer's input,
// the certificate's fields and the signed PDF (pdfkit, text selectable, a certificate page last).
import { createHash, createHmac } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { ACCESS_CODE_PLACEHOLDER, CUSTOM_TEMPLATE_ID } from './consent-templates.js';
import { Refusal } from './note-signing.js';
import { ID_RE } from './ids.js';

/** A therapist's own consent text: at most this long (title, body). */
export const TITLE_MAX = 200;
export const BODY_MAX = 50_000;
export const SIGNER_NAME_MAX = 128;
/** A drawn signature (signature_pad's PNG) decoded: 100 KB is far above a real one (~10–30 KB). */
export const DRAWING_BYTES_MAX = 100_000;
const DRAWING_SIDE_MAX = 4000;
const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONSENT_MESSAGES = {
  requestNotFound: 'This document could not be found.',
  alreadySigned: 'This document has already been signed.',
  noEsignConsent: 'Agree to electronic records and signatures before signing, or ask the practice for paper.',
  intent: 'Confirm that you mean to sign: intent must be true.',
  signerName: 'Type your full name.',
  method: 'Choose how to sign: typed or drawn.',
  drawing: 'Draw your signature again: it could not be read.',
  drawingTooLarge: 'The drawn signature is too large. Clear it and draw it again.',
  changed: 'This document changed after it was sent and cannot be signed. Ask the practice to send it again.',
};

/**
 * The exact text a consent is: its title, a blank line, its body — as the PDF prints it. Nothing
 * is trimmed or normalised: a signature is over these characters.
 * @param {{ title: string, body: string }} consent
 */
export const consentText = ({ title, body }) => `${title}\n\n${body}`;

/** SHA-256 (hex) of the UTF-8 bytes of `text`. @param {string} text */
export const sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The `contentHash` of a consent request and of its signature. @param {{ title: string, body: string }} consent */
export const consentContentHash = (consent) => sha256Hex(consentText(consent));

/**
 * The 6-digit code the e-records disclosure PDF shows and the client types back. An HMAC under the
 * function's secret of who it is for, which disclosure and the UTC day, so only someone who opened
 * that PDF knows it; yesterday's code still works, so a disclosure opened before midnight does.
 * @param {string} secret
 * @param {{ accessId: string, clientUserId: string, version: string, day: string }} input day: YYYY-MM-DD (UTC)
 */
export function accessCode(secret, { accessId, clientUserId, version, day }) {
  const mac = createHmac('sha256', secret).update(JSON.stringify(['esign-access', accessId, clientUserId, version, day])).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** The UTC days whose codes are accepted at `now`: today's and yesterday's. @param {Date} now */
export function accessCodeDays(now) {
  const today = now.toISOString().slice(0, 10);
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return [today, yesterday];
}

/**
 * The disclosure as the client opens it, with the code in place.
 * @param {string} body
 * @param {string} code
 */
export const disclosureWithCode = (body, code) => body.replace(ACCESS_CODE_PLACEHOLDER, code);

/**
 * A therapist's own consent text (send-consent's `{title, body}`): present, size-capped, no control
 * characters other than line breaks and tabs.
 * @param {Record<string, unknown>} input
 * @returns {{ title: string, body: string }}
 */
export function customConsentOf(input) {
  const title = typeof input['title'] === 'string' ? input['title'] : '';
  const body = typeof input['body'] === 'string' ? input['body'] : '';
  if (!title.trim() || title.length > TITLE_MAX || /[\r\n]/.test(title) || CONTROL_RE.test(title)) {
    throw new Refusal(400, `Give the document a title of at most ${TITLE_MAX} characters, on one line.`, 'title');
  }
  if (!body.trim() || body.length > BODY_MAX || CONTROL_RE.test(body)) throw new Refusal(400, `Write the document's text, at most ${BODY_MAX.toLocaleString('en-US')} characters.`, 'body');
  return { title, body };
}

/**
 * A drawn signature: a PNG data URL (signature_pad's toDataURL()), decoded and checked to be a PNG
 * of sane size — its header, its IHDR and its end.
 * @param {unknown} value
 * @returns {Buffer}
 */
export function drawingOf(value) {
  if (typeof value !== 'string' || !value.startsWith(PNG_DATA_URL_PREFIX)) throw new Refusal(400, CONSENT_MESSAGES.drawing, 'drawing');
  const base64 = value.slice(PNG_DATA_URL_PREFIX.length);
  if (base64.length > Math.ceil(DRAWING_BYTES_MAX / 3) * 4) throw new Refusal(400, CONSENT_MESSAGES.drawingTooLarge, 'drawing');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) throw new Refusal(400, CONSENT_MESSAGES.drawing, 'drawing');
  const png = Buffer.from(base64, 'base64');
  const ihdr = png.subarray(8, 33);
  const readable = png.length >= 8 + 25 + 12 && png.subarray(0, 8).equals(PNG_SIGNATURE)
    && ihdr.readUInt32BE(0) === 13 && ihdr.toString('latin1', 4, 8) === 'IHDR'
    && png.subarray(png.length - 12).equals(PNG_IEND);
  if (!readable) throw new Refusal(400, CONSENT_MESSAGES.drawing, 'drawing');
  const width = ihdr.readUInt32BE(8);
  const height = ihdr.readUInt32BE(12);
  if (width < 1 || height < 1 || width > DRAWING_SIDE_MAX || height > DRAWING_SIDE_MAX) throw new Refusal(400, CONSENT_MESSAGES.drawing, 'drawing');
  return png;
}

/**
 * sign-consent's body: `{requestId, signerName, method: 'typed'|'drawn', drawing?, intent: true}`.
 * The typed name is asked for either way (the printed name beside a drawn signature).
 * @param {Record<string, unknown>} body
 * @returns {{ requestId: string, signerName: string, method: 'typed' | 'drawn', drawing: Buffer | null, drawingDataUrl: string | null }}
 */
export function signingInputOf(body) {
  const requestId = typeof body['requestId'] === 'string' && ID_RE.test(body['requestId']) ? body['requestId'] : '';
  if (!requestId) throw new Refusal(400, 'Say which document to sign.', 'requestId');
  if (body['intent'] !== true) throw new Refusal(400, CONSENT_MESSAGES.intent, 'intent');
  const method = body['method'];
  if (method !== 'typed' && method !== 'drawn') throw new Refusal(400, CONSENT_MESSAGES.method, 'method');
  const rawName = typeof body['signerName'] === 'string' ? body['signerName'] : '';
  const signerName = rawName.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!signerName || signerName.length > SIGNER_NAME_MAX || CONTROL_RE.test(signerName)) throw new Refusal(400, CONSENT_MESSAGES.signerName, 'signerName');
  const drawing = method === 'drawn' ? drawingOf(body['drawing']) : null;
  return { requestId, signerName, method, drawing, drawingDataUrl: drawing ? String(body['drawing']) : null };
}

/** How an Appwrite session was made (Session.provider), as a certificate says it. */
const AUTHENTICATION_LABELS = /** @type {Record<string, string>} */ ({
  token: 'one-time code or link sent to the signer\'s email',
  'magic-url': 'magic link sent to the signer\'s email',
  email: 'email and password',
  anonymous: 'anonymous session',
});

/** @param {string} provider */
export const authenticationLabel = (provider) => {
  const label = AUTHENTICATION_LABELS[provider];
  return label ? `Client portal session: ${label} (Appwrite provider "${provider}")` : `Client portal session (Appwrite provider "${provider || 'unknown'}")`;
};

/** "2026-11-28 06:55:12 UTC" for an ISO instant. @param {string} iso */
export function utcTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * @typedef {object} CertificateInput
 * @property {string} signatureId
 * @property {string} practiceName
 * @property {{ title: string, templateId: string, templateVersion: string, sentAt: string }} request
 * @property {{ signerName: string, signerEmail: string, signerUserId: string, relationship: string, method: string,
 *   authentication: string, signedAt: string, ipAddress: string | null, userAgent: string | null, contentHash: string }} signature
 * @property {{ disclosureVersion: string, at: string }} esignConsent the e-records consent in force
 * @property {string} [clientName] for whom a guardian signed (their portal link's personName)
 */

/**
 * Who signed, as both pages say it: the client's own name, or a guardian's with on whose behalf.
 * @param {Pick<CertificateInput, 'signature' | 'clientName'>} input
 */
export function signedByLine({ signature, clientName }) {
  return signature.relationship === 'guardian'
    ? `${signature.signerName} (parent/guardian) on behalf of ${clientName || 'the client'}`
    : signature.signerName;
}

/**
 * The certificate page's lines, label and value, in order: the evidence of intent, consent to
 * electronic records, attribution and integrity (Documenso's certificate; ESIGN §101(c), UETA §9).
 * @param {CertificateInput} input
 * @returns {Array<[string, string]>}
 */
export function certificateFields({ signatureId, practiceName, request, signature, esignConsent, clientName }) {
  const version = request.templateId === CUSTOM_TEMPLATE_ID ? `the practice's own text (${request.templateVersion})` : `${request.templateId}, version ${request.templateVersion}`;
  return [
    ['Document', request.title],
    ['Version', version],
    ['Practice', practiceName],
    ['Sent', utcTime(request.sentAt)],
    ['Signer', signature.signerName],
    ['Signed by', signedByLine({ signature, clientName })],
    ['Signer\'s email', signature.signerEmail],
    ['Signer\'s account', signature.signerUserId],
    ['Relationship to client', signature.relationship === 'self' ? 'Self (the client)' : 'Parent or guardian'],
    ['Method', signature.method === 'drawn' ? 'Drawn signature' : 'Typed name'],
    ['Intent', 'The signer chose Sign after reading the document'],
    ['Authentication', signature.authentication],
    ['Signed at (UTC)', utcTime(signature.signedAt)],
    ['IP address', signature.ipAddress || 'not known'],
    ['User agent', signature.userAgent || 'not known'],
    ['Consent to electronic records', `version ${esignConsent.disclosureVersion}, accepted ${utcTime(esignConsent.at)}`],
    ['SHA-256', signature.contentHash],
    ['Signature ID', signatureId],
  ];
}

/**
 * The signed consent: the document's text, the signature under it, and the certificate page.
 * @param {CertificateInput & { body: string, drawing: Buffer | null }} input
 * @returns {Promise<Buffer>}
 */
export function signedConsentPdf(input) {
  const { request, signature, drawing, body } = input;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: request.title, Author: input.practiceName || 'Cadence' } });
    /** @type {Buffer[]} */
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica').fontSize(9).fillColor('#555555').text(input.practiceName);
      doc.fillColor('black').moveDown(0.5);
      doc.font('Helvetica-Bold').fontSize(16).text(request.title);
      doc.moveDown(0.6);
      doc.font('Helvetica').fontSize(10.5).text(body, { lineGap: 2 });
      doc.moveDown(1.5);
      doc.font('Helvetica-Bold').fontSize(11).text('Signature');
      doc.font('Helvetica').fontSize(10);
      if (drawing) {
        try {
          doc.image(drawing, { fit: [220, 80] });
        } catch {
          throw new Refusal(400, CONSENT_MESSAGES.drawing, 'drawing');
        }
        doc.moveDown(0.3);
      } else {
        doc.font('Helvetica-Oblique').fontSize(18).text(signature.signerName);
        doc.font('Helvetica').fontSize(10);
      }
      doc.text(`Signed electronically by ${signedByLine(input)} on ${utcTime(signature.signedAt)}. The certificate on the last page records how.`);

      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(16).text('Certificate of electronic signature');
      doc.font('Helvetica').fontSize(9).fillColor('#555555').text('Recorded by the practice\'s client portal (Cadence) when the document was signed.');
      doc.fillColor('black').moveDown(0.8);
      for (const [label, value] of certificateFields(input)) {
        // One text run per line, so a reader (or a test) finds "SHA-256: <hash>" as it is printed.
        doc.font('Helvetica').fontSize(10).text(`${label}: ${value}`);
        doc.moveDown(0.25);
      }
      doc.moveDown(0.8);
      doc.font('Helvetica').fontSize(8.5).fillColor('#555555').text(
        'SHA-256 is the hash of the document\'s exact text as signed (its title, a blank line, then its body, in UTF-8). '
        + 'Recomputing it from the text above and finding the same value shows the text was not changed after signing.',
      );
      doc.end();
    } catch (e) {
      reject(e);
    }
  });
}

/**
 * The e-records disclosure as the client opens it (a PDF, the format of what they will sign), its
 * access code in place.
 * @param {{ practiceName: string, title: string, version: string, body: string }} input
 * @returns {Promise<Buffer>}
 */
export function disclosurePdf({ practiceName, title, version, body }) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title, Author: practiceName || 'Cadence' } });
    /** @type {Buffer[]} */
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(practiceName);
    doc.fillColor('black').moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(16).text(title);
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`Version ${version}`);
    doc.fillColor('black').moveDown(0.6);
    doc.font('Helvetica').fontSize(10.5).text(body, { lineGap: 2 });
    doc.end();
  });
}

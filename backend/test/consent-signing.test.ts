// Issue 31 "Tests — unit: consent hashing and certificate content" (lib/consent-signing.js), and the
// signer's input as sign-consent checks it: the signature data URL, sizes and intent.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  accessCode, accessCodeDays, certificateFields, consentContentHash, consentText, customConsentOf, disclosureWithCode, drawingOf,
  DRAWING_BYTES_MAX, sha256Hex, signedConsentPdf, signingInputOf, type CertificateInput,
} from '../functions/lib/consent-signing.js';
import { ACCESS_CODE_PLACEHOLDER, CONSENT_TEMPLATES, consentTemplate, ESIGN_DISCLOSURE } from '../functions/lib/consent-templates.js';
import { pdfPageTexts } from './support/pdf-text.ts';
import { pngDataUrl, signaturePng } from './support/png.ts';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return { status: (e as { status?: number }).status, field: (e as { field?: string }).field, message: (e as Error).message };
  }
  throw new Error('not refused');
};

describe('consent hashing', () => {
  it('is the SHA-256 (hex) of the title, a blank line and the body, in UTF-8', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const consent = { title: 'Informed consent', body: 'Therapy — what it is.\nSign below.' };
    expect(consentText(consent)).toBe('Informed consent\n\nTherapy — what it is.\nSign below.');
    expect(consentContentHash(consent)).toBe(createHash('sha256').update(Buffer.from(consentText(consent), 'utf8')).digest('hex'));
  });

  it('the same text gives the same hash; one changed character, a different one', () => {
    for (const template of CONSENT_TEMPLATES) {
      const hash = consentContentHash(template);
      expect(consentContentHash({ title: template.title, body: `${template.body}` })).toBe(hash);
      expect(consentContentHash({ title: template.title, body: template.body.replace('.', ',') })).not.toBe(hash);
      expect(consentContentHash({ title: `${template.title} `, body: template.body })).not.toBe(hash);
      // Text moved between title and body is another document (a title is one line: the first blank line ends it).
      expect(consentContentHash({ title: `${template.title} ${template.body.slice(0, 5)}`, body: template.body.slice(5) })).not.toBe(hash);
    }
  });

  it('templates: the four consents, one id and version each, found by id (newest) and by version', () => {
    expect(CONSENT_TEMPLATES.map((t) => t.id)).toEqual(['informed-consent', 'practice-policies', 'telehealth-consent', 'release-of-information']);
    expect(new Set(CONSENT_TEMPLATES.map((t) => `${t.id}@${t.version}`)).size).toBe(CONSENT_TEMPLATES.length);
    expect(consentTemplate('telehealth-consent')?.title).toBe('Telehealth consent');
    expect(consentTemplate('telehealth-consent', '2026-11-01')?.version).toBe('2026-11-01');
    expect(consentTemplate('telehealth-consent', '1999-01-01')).toBeNull();
    expect(consentTemplate('nope')).toBeNull();
  });

  it('the e-records disclosure says what ESIGN §101(c) asks, and where the access code goes', () => {
    const text = ESIGN_DISCLOSURE.body;
    for (const heading of ['What this consent covers', 'Your right to paper', 'Withdrawing your consent', 'Keeping your contact details up to date', 'What you need', 'Showing that you can open this document']) {
      expect(text).toContain(heading);
    }
    expect(text).toMatch(/free of charge/);
    expect(text).toMatch(/PDF/);
    expect(text.split(ACCESS_CODE_PLACEHOLDER)).toHaveLength(2);
    expect(disclosureWithCode(text, '123456')).toContain('type this code in the portal: 123456');
  });
});

describe('access code', () => {
  const input = { accessId: 'client1', clientUserId: 'user1', version: '2026-11-01', day: '2026-11-28' };
  it('is six digits, the same for the same link, login, version and day, different otherwise', () => {
    const code = accessCode('a-secret-of-16-chars', input);
    expect(code).toMatch(/^\d{6}$/);
    expect(accessCode('a-secret-of-16-chars', input)).toBe(code);
    const others = [{ accessId: 'client2' }, { clientUserId: 'user2' }, { version: '2027-01-01' }, { day: '2026-11-29' }].map((change) => accessCode('a-secret-of-16-chars', { ...input, ...change }));
    expect(others.filter((other) => other === code)).toEqual([]);
    expect(accessCode('another-secret-16chars', input)).not.toBe(code);
    expect(accessCodeDays(new Date('2026-11-28T00:10:00Z'))).toEqual(['2026-11-28', '2026-11-27']);
  });
});

describe('signer input', () => {
  const valid = { requestId: 'req1', signerName: '  Jane   Doe ', method: 'typed', intent: true };

  it('takes a typed name, squeezing its spaces, and asks for an explicit intent', () => {
    expect(signingInputOf(valid)).toMatchObject({ requestId: 'req1', signerName: 'Jane Doe', method: 'typed', drawing: null, drawingDataUrl: null });
    for (const intent of [undefined, false, 'true', 1]) expect(refusal(() => signingInputOf({ ...valid, intent }))).toMatchObject({ status: 400, field: 'intent' });
    for (const signerName of [undefined, '', '   ', 'x'.repeat(129), 'Jane\u0000Doe']) expect(refusal(() => signingInputOf({ ...valid, signerName }))).toMatchObject({ status: 400, field: 'signerName' });
    expect(signingInputOf({ ...valid, signerName: 'x'.repeat(128) }).signerName).toHaveLength(128);
    for (const method of [undefined, 'stamp']) expect(refusal(() => signingInputOf({ ...valid, method }))).toMatchObject({ status: 400, field: 'method' });
    for (const requestId of [undefined, '', '../x', 'x'.repeat(37)]) expect(refusal(() => signingInputOf({ ...valid, requestId }))).toMatchObject({ status: 400, field: 'requestId' });
  });

  it('takes a drawn signature as a PNG data URL, checked to be a PNG of sane size', () => {
    const png = signaturePng();
    const drawn = signingInputOf({ ...valid, method: 'drawn', drawing: pngDataUrl(png) });
    expect(drawn.drawing?.equals(png)).toBe(true);
    expect(drawn.drawingDataUrl).toBe(pngDataUrl(png));
    const bad = [
      undefined, '', 'data:image/jpeg;base64,/9j/4AAQ', `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`,
      'data:image/png;base64,not base64!', 'data:image/png;base64,abc', `data:image/png;base64,${Buffer.from('GIF89a not a png at all, really not').toString('base64')}`,
      pngDataUrl(png.subarray(0, png.length - 12)), // no IEND: cut short
      pngDataUrl(signaturePng(5000, 1)), // wider than any pad
    ];
    for (const drawing of bad) expect(refusal(() => signingInputOf({ ...valid, method: 'drawn', drawing })), String(drawing).slice(0, 40)).toMatchObject({ status: 400, field: 'drawing' });
    const huge = `data:image/png;base64,${'A'.repeat(Math.ceil(DRAWING_BYTES_MAX / 3) * 4 + 4)}`;
    expect(refusal(() => drawingOf(huge))).toMatchObject({ status: 400, field: 'drawing', message: 'The drawn signature is too large. Clear it and draw it again.' });
  });

  it('a therapist’s own text: a one-line title ≤ 200 and a body ≤ 50,000 characters', () => {
    expect(customConsentOf({ title: 'Group therapy agreement', body: 'Line one.\n\nLine two.' })).toEqual({ title: 'Group therapy agreement', body: 'Line one.\n\nLine two.' });
    for (const title of [undefined, ' ', 'x'.repeat(201), 'two\nlines']) expect(refusal(() => customConsentOf({ title, body: 'b' }))).toMatchObject({ status: 400, field: 'title' });
    for (const body of [undefined, '  ', 'x'.repeat(50_001), 'bell\u0007']) expect(refusal(() => customConsentOf({ title: 't', body }))).toMatchObject({ status: 400, field: 'body' });
    expect(customConsentOf({ title: 'x'.repeat(200), body: 'x'.repeat(50_000) }).body).toHaveLength(50_000);
  });
});

describe('certificate', () => {
  const template = consentTemplate('informed-consent')!;
  const contentHash = consentContentHash(template);
  const input: CertificateInput = {
    signatureId: 'sig123', practiceName: 'Calm Waters Therapy',
    request: { title: template.title, templateId: template.id, templateVersion: template.version, sentAt: '2026-11-27T15:00:00.000+00:00' },
    signature: {
      signerName: 'Jane Doe', signerEmail: 'jane@example.com', signerUserId: 'user123', relationship: 'self', method: 'typed',
      authentication: 'Client portal session: one-time code (Appwrite provider "token")', signedAt: '2026-11-28T06:55:12.345+00:00',
      ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (Test) Browser/1.0', contentHash,
    },
    esignConsent: { disclosureVersion: '2026-11-01', at: '2026-11-28T06:50:00.000+00:00' },
  };
  const expected: Array<[string, string]> = [
    ['Document', 'Informed consent for therapy'], ['Version', 'informed-consent, version 2026-11-01'], ['Practice', 'Calm Waters Therapy'],
    ['Sent', '2026-11-27 15:00:00 UTC'], ['Signer', 'Jane Doe'], ['Signed by', 'Jane Doe'], ['Signer\'s email', 'jane@example.com'], ['Signer\'s account', 'user123'],
    ['Relationship to client', 'Self (the client)'], ['Method', 'Typed name'], ['Intent', 'The signer chose Sign after reading the document'],
    ['Authentication', 'Client portal session: one-time code (Appwrite provider "token")'], ['Signed at (UTC)', '2026-11-28 06:55:12 UTC'],
    ['IP address', '203.0.113.7'], ['User agent', 'Mozilla/5.0 (Test) Browser/1.0'],
    ['Consent to electronic records', 'version 2026-11-01, accepted 2026-11-28 06:50:00 UTC'], ['SHA-256', contentHash], ['Signature ID', 'sig123'],
  ];

  it('has every field: signer, relationship, method, intent, authentication, time (UTC), IP, user agent, document, version, e-consent, SHA-256', () => {
    expect(certificateFields(input)).toEqual(expected);
    const guardian = certificateFields({ ...input, clientName: 'Sam Lee', signature: { ...input.signature, relationship: 'guardian', method: 'drawn' } });
    expect(guardian).toContainEqual(['Relationship to client', 'Parent or guardian']);
    expect(guardian).toContainEqual(['Signed by', 'Jane Doe (parent/guardian) on behalf of Sam Lee']);
    expect(guardian).toContainEqual(['Method', 'Drawn signature']);
  });

  it('the PDF: the document’s text, then a certificate page with each field as a line', async () => {
    const pdf = await signedConsentPdf({ ...input, body: template.body, drawing: null });
    const pages = pdfPageTexts(pdf);
    const certificate = pages.at(-1)!;
    expect(certificate).toContain('Certificate of electronic signature');
    for (const [label, value] of expected) expect(certificate).toContain(`${label}: ${value}`);
    const documentText = pages.slice(0, -1).join('\n');
    expect(documentText).toContain('Informed consent for therapy');
    expect(documentText).toContain('Therapy is a working relationship between you and your therapist.');
    expect(documentText).toContain('Signed electronically by Jane Doe on 2026-11-28 06:55:12 UTC.');
  });

  it('a drawn signature is drawn into the PDF as an image', async () => {
    const pdf = await signedConsentPdf({ ...input, signature: { ...input.signature, method: 'drawn' }, body: 'Short.', drawing: signaturePng() });
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(pdfPageTexts(pdf).at(-1)).toContain('Method: Drawn signature');
  });
});

// The client portal's identity (issue 31): a client is an Appwrite user with the `client` label,
// linked to a practice by a `portal_access` document (id = the practice's client document) that
// only invite-client writes. Its sign-in mail carries one Appwrite token (users.createToken) as
// both a code to type and a link, so one message does both and any unexpired one works once.
// Nothing clinical is ever in these mails: the practice's name, a code and a link.

/** The label that makes an Appwrite user a portal client (never a therapist). */
export const CLIENT_LABEL = 'client';
/**
 * The label that lets a user create practice records (`create("label:therapist")` on the practice's
 * collections in appwrite.json): set by record-agreements when a therapist finishes signing up, so
 * a portal client — also a signed-in user — can never create a practice's documents.
 */
export const THERAPIST_LABEL = 'therapist';

/** An invitation's link works a day (a first visit can wait for the evening); a sign-in mail's an hour. */
export const INVITE_LINK_SECONDS = 24 * 3600;
export const SIGN_IN_LINK_SECONDS = 3600;
/** The code to type: short enough to read off a phone, tried at most 10 times an hour by Appwrite. */
export const SIGN_IN_CODE_LENGTH = 6;
/** At most 5 sign-in mails an hour per client, so nobody can flood a client's inbox. */
export const SIGN_IN_MAILS_PER_HOUR = 5;

/**
 * `/portal/sign-in?userId=…&secret=…&expire=…`: the page signs in with the secret, and tells an
 * expired link from a used one by `expire`.
 * @param {string} origin
 * @param {{ userId: string, secret: string, expire: string }} token
 */
export function signInLink(origin, token) {
  const url = new URL('/portal/sign-in', origin);
  url.searchParams.set('userId', token.userId);
  url.searchParams.set('secret', token.secret);
  url.searchParams.set('expire', token.expire);
  return url.href;
}

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * "{Practice name} invited you to its client portal" and the link — nothing else about the client.
 * @param {{ practiceName: string, link: string }} details
 */
export function invitationEmail({ practiceName, link }) {
  const line = `${practiceName} invited you to its client portal.`;
  return {
    subject: `${practiceName} invited you to its client portal`,
    text: [line, '', `Open the portal: ${link}`, '', 'The link works for 24 hours and once. After that, ask for a new one on the sign-in page.'].join('\n'),
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">Open the portal</a></p>`
      + '<p>The link works for 24 hours and once. After that, ask for a new one on the sign-in page.</p>',
  };
}

/**
 * The sign-in mail: the code and the link of one token.
 * @param {{ code: string, link: string }} details
 */
export function signInEmail({ code, link }) {
  return {
    subject: 'Your sign-in code for the client portal',
    text: [
      `Your sign-in code is ${code}`, '', `Or sign in with this link: ${link}`, '',
      'The code and the link work for 1 hour, once. If you did not ask to sign in, you can ignore this email.',
    ].join('\n'),
    html: `<p>Your sign-in code is <strong>${escapeHtml(code)}</strong></p><p><a href="${escapeHtml(link)}">Sign in to the client portal</a></p>`
      + '<p>The code and the link work for 1 hour, once. If you did not ask to sign in, you can ignore this email.</p>',
  };
}

/**
 * A new document in the portal (an invoice, a statement, a superbill, a signed consent): the
 * practice's name and the link to the documents page — never what the document is, nor an amount.
 * @param {{ practiceName: string, link: string }} details
 */
export function newDocumentEmail({ practiceName, link }) {
  const line = `You have a new document from ${practiceName}.`;
  const after = 'Sign in to the client portal to see it. Please don’t reply to this email.';
  return {
    subject: `You have a new document from ${practiceName}`,
    text: [line, '', `See your documents: ${link}`, '', after].join('\n'),
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">See your documents</a></p><p>${escapeHtml(after)}</p>`,
  };
}

/**
 * To the therapist when a client withdraws their e-records consent: that a client asked for paper,
 * and the link to the client's Portal tab (an id, no name), as the in-app notification says.
 * @param {{ link: string }} details
 */
export function paperRequestEmail({ link }) {
  const line = 'A client withdrew their consent to electronic records and asked for paper copies.';
  const after = 'Sign in to Cadence to see who. Until they agree again, give them documents on paper.';
  return {
    subject: 'A client updated their e-signature consent',
    text: [line, '', `Open the client’s Portal tab: ${link}`, '', after].join('\n'),
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">Open the client’s Portal tab</a></p><p>${escapeHtml(after)}</p>`,
  };
}

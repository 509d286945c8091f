// The consent texts Cadence ships (issue 31 "Paperwork"): four documents a practice sends its
// clients to sign, and the ESIGN §101(c) "Consent to electronic records and signatures" a client
// accepts before signing anything electronically (../shared/reference/client-portal.md §4.2).
// Each text has a version: a sent consent is a copy of one version's exact text, and a signature
// holds the SHA-256 of what it signed, so a version is never edited — a changed text is a new
// version, and the old one stays here for as long as anything refers to it.
// The texts are plain and general; a practice should have its own counsel read them for its state.

/**
 * @typedef {object} ConsentTemplate
 * @property {string} id
 * @property {string} version
 * @property {string} title
 * @property {string} body
 */

const INFORMED_CONSENT = `This document explains how therapy with this practice works. Please read it and ask your therapist about anything that is unclear before you sign.

What therapy involves
Therapy is a working relationship between you and your therapist. Sessions usually last 45 to 60 minutes. Together you will agree on goals, and your therapist will explain the approach they suggest. You may ask questions about it at any time.

Benefits and risks
Therapy often helps people feel better, understand themselves, solve problems and improve relationships. There are no guarantees. Talking about difficult experiences can bring up uncomfortable feelings for a while, and changes you make may affect people close to you.

Confidentiality
What you say in therapy is confidential. Your therapist will not share it without your written permission, except where the law requires or allows it:
- when there is a serious risk that you will harm yourself or someone else;
- when there is reasonable suspicion that a child, an elderly person or a dependent adult is being abused or neglected;
- when a court orders records to be released;
- for treatment, payment and the practice's operations, as described in the practice's Notice of Privacy Practices.

Records
The practice keeps records of your care as the law requires. You may ask for a copy of your records.

Your rights
You may ask questions about your treatment, refuse any part of it, and end therapy at any time. If your therapist believes another professional could help you better, they will tell you and help with a referral.

Emergencies
Your therapist is not available around the clock. In an emergency, call 911 or go to the nearest emergency room. In the United States you can call or text 988 (Suicide and Crisis Lifeline) at any time.

By signing, you confirm that you have read this document, had the chance to ask questions, and agree to begin therapy with this practice.`;

const PRACTICE_POLICIES = `These policies explain how appointments, fees and contact with the practice work.

Appointments and cancellations
Appointments are reserved for you. If you cannot attend, please cancel at least 24 hours in advance. A session cancelled later than that, or missed without notice, may be charged the practice's late cancellation or no-show fee. The fee is stated in the practice's fee schedule and applies unless your therapist waives it.

Fees and payment
Fees are due at the time of service unless another arrangement has been agreed in writing. You will receive receipts and, on request, superbills you can submit to your insurance. You are responsible for any amount your insurance does not pay.

Contact between sessions
You may contact the practice to schedule, change or cancel appointments. Messages are read during business hours. Email and messages are not suitable for emergencies: in an emergency call 911, or call or text 988.

Lateness
If you arrive late, the session will still end at its scheduled time.

Ending therapy
You may end therapy at any time. If you do not attend or contact the practice for 60 days, your therapist may consider your treatment ended and will let you know.

By signing, you confirm that you have read and agree to these policies.`;

const TELEHEALTH_CONSENT = `Telehealth means sessions held by live video or telephone instead of in the office.

How it works
You join a session through a secure video link sent by the practice. You need a device with a camera, microphone and internet connection, and a private place where you will not be overheard.

Benefits and risks
Telehealth saves travel and makes sessions possible when you cannot come to the office. The connection may fail or be of poor quality, and despite the safeguards the practice uses, no electronic communication is completely secure. Some concerns are better treated in person; your therapist will tell you if they believe that applies to you.

Privacy
Sessions are never recorded by you or by the practice without the other's written agreement. Your therapist will hold sessions from a private place, and you agree to do the same.

If the connection fails
If the video connection fails, your therapist will try to reconnect, and if that fails will call you at the phone number in your record.

Emergencies
At the start of each session your therapist may ask where you are, so that help can be sent in an emergency. Please keep the name and phone number of an emergency contact up to date with the practice.

Location
Your therapist may only provide services where they are licensed. Tell the practice if you will be in another state or country at the time of a session.

By signing, you consent to receive services by telehealth and confirm that you have read this document.`;

const RELEASE_OF_INFORMATION = `This authorization allows the practice to share information about your care with someone you choose.

What you authorize
By signing, you allow the practice to share the information described below with the person or organization named below, for the purpose stated. Your therapist will fill in these details with you before you sign:
Recipient: ____________________
Information to be shared: ____________________
Purpose: ____________________
This authorization ends on: ____________________

Your rights
- You do not have to sign this authorization. Your treatment, payment or eligibility for benefits will not depend on whether you sign.
- You may cancel this authorization at any time by telling the practice in writing. Cancelling does not undo anything already shared while it was in effect.
- Information shared with a recipient who is not covered by federal privacy rules may be shared again by that recipient and may no longer be protected by those rules.
- Psychotherapy notes are never shared under this authorization unless it says so expressly.
- You may ask for a copy of this authorization.

By signing, you authorize the sharing of information described above.`;

/** The consents a practice can send, each version kept (the newest is last). */
export const CONSENT_TEMPLATES = /** @type {const} */ ([
  { id: 'informed-consent', version: '2026-11-01', title: 'Informed consent for therapy', body: INFORMED_CONSENT },
  { id: 'practice-policies', version: '2026-11-01', title: 'Practice policies', body: PRACTICE_POLICIES },
  { id: 'telehealth-consent', version: '2026-11-01', title: 'Telehealth consent', body: TELEHEALTH_CONSENT },
  { id: 'release-of-information', version: '2026-11-01', title: 'Authorization to release information', body: RELEASE_OF_INFORMATION },
]);

/** The template id of a consent whose text the therapist wrote (its own title and body). */
export const CUSTOM_TEMPLATE_ID = 'custom';

/**
 * A template by id, at `version` or the newest; null when there is none.
 * @param {string} id
 * @param {string} [version]
 * @returns {ConsentTemplate | null}
 */
export function consentTemplate(id, version) {
  const versions = CONSENT_TEMPLATES.filter((t) => t.id === id);
  return (version ? versions.find((t) => t.version === version) : versions.at(-1)) ?? null;
}

/** `{{code}}` in the disclosure: the access code the client types back (ESIGN §101(c)(1)(C)(ii)). */
export const ACCESS_CODE_PLACEHOLDER = '{{code}}';

/**
 * ESIGN §101(c)(1)(B) and (C)(i): what a client is told before agreeing to electronic records —
 * the right to paper and to withdraw and what withdrawing means, the scope, how to withdraw and to
 * update contact details, how to get paper and at what fee, and what is needed to open and keep the
 * records. The PDF a client opens carries a code in place of {{code}}; typing it back shows they can
 * open the records (C)(ii). A material change to the requirements is a new version, which every
 * client accepts again before signing anything more (D).
 */
export const ESIGN_DISCLOSURE = /** @type {const} */ ({
  version: '2026-11-01',
  title: 'Consent to electronic records and signatures',
  body: `Your practice would like to give you documents and ask for your signature electronically, through this client portal, instead of on paper. The law gives you a choice. Please read this before you agree.

What this consent covers
If you agree, your practice may give you electronically, through the client portal, the documents related to your care and its payment: consent forms, policies, authorizations, notices, forms you fill in, invoices, statements and receipts. You may also sign documents electronically, and your electronic signature has the same effect as a signature on paper. This consent covers your relationship with this practice only, and applies until you withdraw it.

Your right to paper
You do not have to agree. You may ask for any document on paper instead, at any time, whether or not you agree. The practice gives paper copies free of charge. To ask for one, use "Ask for paper" in the client portal, or contact the practice by phone or in person.

Withdrawing your consent
You may withdraw this consent at any time by using "Ask for paper" in the client portal, or by telling the practice by phone or in person. Withdrawing is free. It takes effect once the practice has received it, and it does not change the validity of anything you signed electronically before. After you withdraw, the practice will give you documents on paper and ask for your signature on paper, which may take longer; your care does not otherwise change.

Keeping your contact details up to date
The practice lets you know by email when a new document is waiting for you in the portal. If your email address changes, tell the practice (by phone, in person, or in a portal message), so that it can update your record and invite your new address.

What you need
To open and keep your documents you need:
- a computer, tablet or phone with a current web browser (the latest or previous version of Chrome, Edge, Firefox or Safari), with cookies and JavaScript turned on;
- an internet connection and access to your email;
- software that opens PDF files (most browsers and phones do this on their own);
- a place to save files, or a printer, if you want to keep copies outside the portal.
If these requirements change in a way that could stop you opening or keeping your documents, the practice will tell you and ask for your consent again.

Showing that you can open this document
This document was given to you as a PDF, the format of the documents you will sign. To show that you can open it, type this code in the portal: ${ACCESS_CODE_PLACEHOLDER}

By agreeing, you confirm that you have read this disclosure, that you can open and keep PDF documents, and that you consent to receive documents and sign electronically.`,
});

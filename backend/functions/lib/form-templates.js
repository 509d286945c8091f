// The forms Cadence ships (issue 31 "Paperwork — Forms"): demographics and contact, emergency
// contact, health and therapy history, insurance details (what a superbill needs) and payment
// preferences (never card data: cards go through Stripe, issue 33). Each is a Questionnaire
// (lib/questionnaire.js); a version is never edited — a changed form is a new version, and a sent
// form keeps the exact version it was sent as. Items that map to a field of the client record carry
// CLIENT_FIELD_EXTENSION naming the field (the clients collection's attribute), which Review
// offers to copy into the record; nothing is copied without the therapist accepting it.
import { CLIENT_FIELD_EXTENSION } from './questionnaire.js';

/**
 * @typedef {import('./questionnaire.js').Questionnaire} Questionnaire
 * @typedef {import('./questionnaire.js').QuestionnaireItem} QuestionnaireItem
 */

const BASE_URL = 'https://cadence.app/forms/';

/** @param {string} field */
const mapsTo = (field) => ({ extension: [{ url: CLIENT_FIELD_EXTENSION, valueString: field }] });
/** @param {Array<[string, string]>} pairs */
const options = (pairs) => pairs.map(([code, display]) => ({ valueCoding: { code, display } }));

const RELATIONSHIPS = options([['self', 'Self'], ['spouse', 'Spouse'], ['child', 'Child'], ['other', 'Other']]);

/** @param {string} id @param {string} title @param {string} description @param {QuestionnaireItem[]} item @param {string} [version] @returns {Questionnaire} */
const template = (id, title, description, item, version = '1') => ({
  resourceType: 'Questionnaire', id, url: `${BASE_URL}${id}`, version, name: id, title, status: 'active', description, item,
});

/** @param {'insurance' | 'secondaryInsurance'} prefix @param {string} label */
const coverage = (prefix, label) => /** @type {QuestionnaireItem[]} */ ([
  { linkId: `${prefix}PayerName`, text: `${label} insurance company`, type: 'string', required: true, maxLength: 100, ...mapsTo(`${prefix}PayerName`) },
  { linkId: `${prefix}PayerId`, text: 'Payer ID (on the back of the card, if shown)', type: 'string', maxLength: 20, ...mapsTo(`${prefix}PayerId`) },
  { linkId: `${prefix}MemberId`, text: 'Member ID', type: 'string', required: true, maxLength: 40, ...mapsTo(`${prefix}MemberId`) },
  { linkId: `${prefix}GroupNumber`, text: 'Group number', type: 'string', maxLength: 40, ...mapsTo(`${prefix}GroupNumber`) },
  { linkId: `${prefix}SubscriberRelationship`, text: 'The policy holder is', type: 'choice', required: true, answerOption: RELATIONSHIPS, ...mapsTo(`${prefix}SubscriberRelation`) },
  {
    linkId: `${prefix}Subscriber`, text: 'Policy holder', type: 'group',
    enableWhen: [{ question: `${prefix}SubscriberRelationship`, operator: '!=', answerCoding: { code: 'self' } }],
    item: [
      { linkId: `${prefix}SubscriberName`, text: "Policy holder's full name", type: 'string', required: true, maxLength: 100, ...mapsTo(`${prefix}SubscriberName`) },
      { linkId: `${prefix}SubscriberDateOfBirth`, text: "Policy holder's date of birth", type: 'date', required: true, ...mapsTo(`${prefix}SubscriberDob`) },
    ],
  },
]);

/** @type {Questionnaire[]} */
export const FORM_TEMPLATES = [
  template('demographics', 'About you and how to reach you', 'Your name, date of birth and contact details.', [
    { linkId: 'firstName', text: 'First name', type: 'string', required: true, maxLength: 50, ...mapsTo('firstName') },
    { linkId: 'lastName', text: 'Last name', type: 'string', required: true, maxLength: 50, ...mapsTo('lastName') },
    { linkId: 'preferredName', text: 'Name you would like us to use', type: 'string', maxLength: 50, ...mapsTo('preferredName') },
    { linkId: 'pronouns', text: 'Pronouns', type: 'string', maxLength: 30, ...mapsTo('pronouns') },
    { linkId: 'dateOfBirth', text: 'Date of birth', type: 'date', required: true, ...mapsTo('dateOfBirth') },
    { linkId: 'phone', text: 'Phone', type: 'string', maxLength: 30, ...mapsTo('phone') },
    { linkId: 'email', text: 'Email', type: 'string', maxLength: 254, ...mapsTo('email') },
    {
      linkId: 'address', text: 'Home address', type: 'group', item: [
        { linkId: 'addressLine1', text: 'Street address', type: 'string', maxLength: 100, ...mapsTo('addressLine1') },
        { linkId: 'addressLine2', text: 'Apartment, suite, etc.', type: 'string', maxLength: 100, ...mapsTo('addressLine2') },
        { linkId: 'city', text: 'City', type: 'string', maxLength: 60, ...mapsTo('city') },
        { linkId: 'state', text: 'State', type: 'string', maxLength: 2, ...mapsTo('state') },
        { linkId: 'postalCode', text: 'ZIP code', type: 'string', maxLength: 10, ...mapsTo('postalCode') },
      ],
    },
    { linkId: 'contactPreference', text: 'How may we contact you?', type: 'choice', answerOption: options([['phone', 'Phone'], ['email', 'Email'], ['either', 'Either']]) },
    {
      linkId: 'voicemailOk', text: 'May we leave a voicemail that names our practice?', type: 'boolean',
      enableWhen: [{ question: 'contactPreference', operator: '!=', answerCoding: { code: 'email' } }],
    },
  ]),
  template('emergency-contact', 'Emergency contact', 'Someone we may call in an emergency.', [
    { linkId: 'emergencyContactName', text: 'Full name', type: 'string', required: true, maxLength: 100, ...mapsTo('emergencyContactName') },
    { linkId: 'emergencyContactRelationship', text: 'Relationship to you', type: 'string', required: true, maxLength: 50, ...mapsTo('emergencyContactRelationship') },
    { linkId: 'emergencyContactPhone', text: 'Phone', type: 'string', required: true, maxLength: 30, ...mapsTo('emergencyContactPhone') },
  ]),
  template('health-history', 'Health and therapy history', 'Background that helps your therapist prepare. Answer what you are comfortable sharing.', [
    { linkId: 'reason', text: 'What brings you to therapy now?', type: 'text', required: true },
    { linkId: 'previousTherapy', text: 'Have you been in therapy or counseling before?', type: 'boolean', required: true },
    { linkId: 'previousTherapyDetails', text: 'When, and what was helpful or not?', type: 'text', enableWhen: [{ question: 'previousTherapy', operator: '=', answerBoolean: true }] },
    { linkId: 'medications', text: 'Are you taking any medications?', type: 'boolean', required: true },
    { linkId: 'medicationList', text: 'Which medications, and at what dose?', type: 'text', required: true, enableWhen: [{ question: 'medications', operator: '=', answerBoolean: true }] },
    { linkId: 'physician', text: 'Primary care doctor (name and phone)', type: 'string', maxLength: 200 },
    { linkId: 'sleep', text: 'How would you describe your sleep lately?', type: 'choice', answerOption: options([['good', 'Good'], ['fair', 'Fair'], ['poor', 'Poor']]) },
    { linkId: 'alcoholDrinksPerWeek', text: 'About how many alcoholic drinks do you have in a week?', type: 'integer' },
    { linkId: 'other', text: 'Anything else you would like your therapist to know?', type: 'text' },
  ]),
  template('insurance', 'Insurance details', 'What we need to give you a superbill or bill your insurance.', [
    {
      linkId: 'coverage', text: 'How will you pay for sessions?', type: 'choice', required: true,
      answerOption: options([['insurance', 'With my insurance'], ['self-pay', 'I will pay myself']]),
    },
    {
      linkId: 'primary', text: 'Primary insurance', type: 'group', enableWhen: [{ question: 'coverage', operator: '=', answerCoding: { code: 'insurance' } }],
      item: coverage('insurance', 'Primary'),
    },
    {
      // Version 2: the card itself, as a photo or a scan (a file upload; not required — it may not be at hand).
      linkId: 'insuranceCard', text: 'Photo of your insurance card (front and back)', type: 'attachment',
      enableWhen: [{ question: 'coverage', operator: '=', answerCoding: { code: 'insurance' } }],
    },
    {
      linkId: 'hasSecondary', text: 'Do you have a second insurance?', type: 'boolean',
      enableWhen: [{ question: 'coverage', operator: '=', answerCoding: { code: 'insurance' } }],
    },
    {
      linkId: 'secondary', text: 'Secondary insurance', type: 'group', enableWhen: [{ question: 'hasSecondary', operator: '=', answerBoolean: true }],
      item: coverage('secondaryInsurance', 'Secondary'),
    },
    { linkId: 'signature', text: 'I confirm these details are correct (type your full name)', type: 'signature', required: true },
  ], '2'),
  template('payment-preferences', 'Payment preferences', 'How you would like to pay. Never enter card numbers here.', [
    {
      linkId: 'method', text: 'How would you like to pay?', type: 'choice', required: true,
      answerOption: options([['card-in-portal', 'By card through the portal'], ['hsa', 'HSA or FSA card'], ['check', 'Check'], ['cash', 'Cash']]),
    },
    { linkId: 'receipts', text: 'Send me a receipt after each payment', type: 'boolean' },
    {
      linkId: 'responsibleParty', text: 'Someone else pays for my sessions', type: 'boolean',
    },
    {
      linkId: 'payer', text: 'Who pays', type: 'group', enableWhen: [{ question: 'responsibleParty', operator: '=', answerBoolean: true }], item: [
        { linkId: 'responsiblePartyName', text: 'Full name', type: 'string', required: true, maxLength: 100, ...mapsTo('responsiblePartyName') },
        { linkId: 'responsiblePartyRelationship', text: 'Relationship to you', type: 'string', maxLength: 50, ...mapsTo('responsiblePartyRelationship') },
        { linkId: 'responsiblePartyPhone', text: 'Phone', type: 'string', maxLength: 30, ...mapsTo('responsiblePartyPhone') },
      ],
    },
    { linkId: 'cardNote', text: 'Card details are entered only on the secure payment page, never in a form.', type: 'display' },
  ]),
];

/** @param {unknown} id @returns {Questionnaire | null} */
export const formTemplateOf = (id) => FORM_TEMPLATES.find((t) => t.id === id) ?? null;

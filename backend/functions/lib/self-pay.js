// The self-pay flag (issue 32 "Good Faith Estimates"): a client's answer to "Will you use insurance
// for these sessions?" (SELF_PAY_QUESTION) — No makes them self-pay, which the No Surprises Act
// gives a Good Faith Estimate. The dashboard asks it on the client record (the therapist's browser
// writes `clients.selfPay`); a function that asks it at booking (book-slot, the public booking page)
// records the answer with recordSelfPayAnswer.
import { ownOr404 } from './money-store.js';

export { SELF_PAY_QUESTION } from './good-faith-estimate.js';

/**
 * The stored flag for an answer: `true` (uses insurance) → not self-pay; anything but a boolean is
 * no answer (null), which leaves what is stored alone.
 * @param {unknown} usesInsurance
 * @returns {boolean | null}
 */
export const selfPayOf = (usesInsurance) => (typeof usesInsurance === 'boolean' ? !usesInsurance : null);

/**
 * Records a client's answer on their record (with the function's key; the record must be the
 * therapist's own). No answer changes nothing.
 * @param {{ databases: import('node-appwrite').Databases, c: import('./collections.js').Collections }} run
 * @param {string} therapistId
 * @param {string} clientId
 * @param {unknown} usesInsurance the client's answer: true, false, or not answered
 * @returns {Promise<boolean | null>} the flag stored, or null when nothing was answered
 */
export async function recordSelfPayAnswer({ databases, c }, therapistId, clientId, usesInsurance) {
  const selfPay = selfPayOf(usesInsurance);
  if (selfPay === null) return null;
  await ownOr404(databases, c.databaseId, c.clients, clientId, therapistId, 'This client could not be found.');
  await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.clients, documentId: clientId, data: { selfPay } });
  return selfPay;
}

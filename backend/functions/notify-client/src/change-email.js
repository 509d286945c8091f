// "Notify the client" (issue 37): the email a client receives when the therapist moves or cancels
// their appointment. It says when and with which practice — nothing else: no name, service, code,
// fee, note, diagnosis or location is passed in, so nothing clinical can reach an inbox others may
// read (test/notify-client.test.ts checks the words).
import { appointmentWhen } from '../../send-reminders/src/reminder-email.js';

/**
 * @typedef {object} ChangeDetails
 * @property {'moved' | 'cancelled'} change
 * @property {string} start the appointment's start now (ISO instant)
 * @property {string} end its end now
 * @property {string | null} previousStart where a moved appointment was (ISO instant), if known
 * @property {string | null} previousEnd
 * @property {string} timeZone the practice's IANA zone
 * @property {string} practiceName
 * @property {string | null} phone the practice's phone
 */

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * @param {ChangeDetails} details
 * @returns {{ subject: string, text: string, html: string }}
 */
export function changeEmail(details) {
  const now = appointmentWhen({ start: details.start, end: details.end, timeZone: details.timeZone });
  const before = details.previousStart
    ? appointmentWhen({ start: details.previousStart, end: details.previousEnd ?? details.previousStart, timeZone: details.timeZone })
    : null;
  const contact = details.phone ? `${details.practiceName} at ${details.phone}` : details.practiceName;
  const lines = details.change === 'moved'
    ? {
      subject: `Your appointment with ${details.practiceName} has moved`,
      body: [
        `Your appointment with ${details.practiceName} has moved.`,
        '',
        ...(before ? [`Was: ${before.date}, ${before.time}`] : []),
        `Now: ${now.date}, ${now.time}`,
        `Times are ${now.zone}.`,
        '',
        `If the new time does not suit you, please contact ${contact}.`,
      ],
    }
    : {
      subject: `Your appointment with ${details.practiceName} is cancelled`,
      body: [
        `Your appointment with ${details.practiceName} on ${now.date}, ${now.time} (${now.zone}) is cancelled.`,
        '',
        `To book another time, please contact ${contact}.`,
      ],
    };
  const footer = ['', `${details.practiceName}${details.phone ? ` · ${details.phone}` : ''}`, '', 'This is an automated message. Please do not reply to this email.'];
  const text = ['Hello,', '', ...lines.body, ...footer].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">
${['Hello,', ...lines.body, ...footer].filter((line) => line !== '').map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { subject: lines.subject, text, html };
}

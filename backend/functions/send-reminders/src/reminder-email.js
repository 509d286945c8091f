// The reminder a client, and each of their parents and guardians, receives (issue 14): when (date,
// time and zone, in the practice's time zone), where (the office address or the telehealth link), who
// (the practice's name and phone) and how to cancel (contact the practice). It is built from these
// fields only — never from the appointment's service, note or fee, nor the client's record — so
// nothing clinical can reach an inbox that others may read.

/**
 * @typedef {object} ReminderDetails
 * @property {string} greet the name the email greets: the client's preferred or first name, or the guardian's
 * @property {string | null} [clientName] set when the email goes to a parent or guardian: the client's
 *   preferred or first name, whose appointment it is ('' when the record has none)
 * @property {string} start ISO instant
 * @property {string} end ISO instant
 * @property {string} timeZone the practice's IANA zone
 * @property {'office' | 'telehealth'} locationType
 * @property {string | null} meetingLink
 * @property {string | null} [roomLink] the video room's own link for this client (lib/video-links.js), before meetingLink
 * @property {string} practiceName
 * @property {string | null} phone
 * @property {string[]} addressLines the office address, line by line (may be empty)
 */

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A zone Intl knows, else UTC (a stored zone is validated by the app, but a bad one must not stop the run). */
/** @param {string} timeZone */
function knownZone(timeZone) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * "Friday, November 27, 2026", "10:00 AM – 10:50 AM", "Central Standard Time (America/Chicago)".
 * @param {Pick<ReminderDetails, 'start' | 'end' | 'timeZone'>} details
 */
export function appointmentWhen(details) {
  const timeZone = knownZone(details.timeZone);
  const start = new Date(details.start);
  const end = new Date(details.end);
  const date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(start);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const zoneName = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
    .formatToParts(start).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return { date, time: `${time.format(start)} – ${time.format(end)}`, zone: zoneName === timeZone ? timeZone : `${zoneName} (${timeZone})` };
}

/** Only a web link is shown as the way in (no `javascript:` or other schemes from a stored value). @param {string | null} link */
function webLink(link) {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Under the video room's own link: when it works, and that it is the client's alone. */
export const ROOM_LINK_NOTE = 'The link opens your video session from 30 minutes before it starts. It is yours alone: please don’t forward it.';

/**
 * @param {ReminderDetails} details
 * @returns {{ subject: string, text: string, html: string }}
 */
export function reminderEmail(details) {
  const when = appointmentWhen(details);
  const link = details.locationType === 'telehealth' ? webLink(details.roomLink ?? null) ?? webLink(details.meetingLink) : null;
  const roomNote = details.locationType === 'telehealth' && details.roomLink ? ROOM_LINK_NOTE : null;
  const where = details.locationType === 'telehealth'
    ? (link ? `Online (video): ${link}` : `Online (video) — ${details.practiceName} will send you the link.`)
    : (details.addressLines.length ? `In person: ${details.addressLines.join(', ')}` : `In person at ${details.practiceName}'s office.`);
  const contact = details.phone ? `${details.practiceName} at ${details.phone}` : details.practiceName;
  const cancel = `If you need to cancel or reschedule, please contact ${contact} as soon as you can.`;
  const greeting = details.greet ? `Hello ${details.greet},` : 'Hello,';
  const whose = typeof details.clientName === 'string' ? (details.clientName ? `${details.clientName}'s appointment` : 'an appointment') : 'your appointment';
  const subject = `Appointment reminder: ${when.date} at ${when.time.split(' – ')[0]}`;

  const text = [
    greeting,
    '',
    `This is a reminder of ${whose} with ${details.practiceName}.`,
    '',
    `When: ${when.date}, ${when.time} ${when.zone}`,
    `Where: ${where}`,
    ...(roomNote ? ['', roomNote] : []),
    '',
    cancel,
    '',
    `${details.practiceName}${details.phone ? ` · ${details.phone}` : ''}`,
    '',
    'This is an automated reminder. Please do not reply to this email.',
  ].join('\n');

  const whereHtml = details.locationType === 'telehealth' && link
    ? `Online (video): <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
    : escapeHtml(where);
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p>
<p>This is a reminder of ${escapeHtml(whose)} with <strong>${escapeHtml(details.practiceName)}</strong>.</p>
<p><strong>When:</strong> ${escapeHtml(`${when.date}, ${when.time} ${when.zone}`)}<br>
<strong>Where:</strong> ${whereHtml}</p>
${roomNote ? `<p>${escapeHtml(roomNote)}</p>\n` : ''}<p>${escapeHtml(cancel)}</p>
<p>${escapeHtml(details.practiceName)}${details.phone ? ` · ${escapeHtml(details.phone)}` : ''}</p>
<p style="color:#555;font-size:0.875em">This is an automated reminder. Please do not reply to this email.</p>
</body></html>`;
  return { subject, text, html };
}

import type { Mail } from './outbox.ts';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function attachmentList(mail: Mail): string {
  if (mail.attachments.length === 0) return '';
  const items = mail.attachments.map((a) => {
    const name = a.url ? `<a href="${escape(a.url)}">${escape(a.filename)}</a>` : escape(a.filename);
    return `<li>${name} <small>(${escape(a.contentType)}, ${a.size} bytes)</small></li>`;
  }).join('');
  return `<p>Attachments:</p><ul>${items}</ul>`;
}

export function renderMailbox(mails: Mail[], to: string): string {
  const items = mails.map((mail) => `
    <article>
      <header><strong>${escape(mail.subject)}</strong><br><small>from ${escape(mail.from)} · to ${escape(mail.to)} · ${escape(mail.createdAt)}</small></header>
      <pre>${escape(mail.text)}</pre>${attachmentList(mail)}
    </article>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}
small{color:#555}</style></head>
<body><h1>Local mailbox</h1>
<form method="get"><label>Recipient <input name="to" type="email" value="${escape(to)}"></label> <button>Filter</button></form>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

// The SMTP receiver (issue 14): what an SMTP client (nodemailer, as the send-reminders function uses
// it) sends to the local Appwrite lands in the dev mailbox, one entry per recipient, attachments
// listed as metadata with their bytes at a url; credentials are optional; broken or hostile input never takes the server down.
import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../src/mail/smtp-receiver.ts';
import { startCore, uniqueEmail, type Core } from './support/core-harness.ts';

interface DevMail {
  id: string; to: string; from: string; subject: string; text: string; html: string; createdAt: string;
  attachments: Array<{ filename: string; contentType: string; size: number; url?: string }>;
}

let core: Core;

beforeAll(async () => {
  core = await startCore();
});

afterAll(async () => {
  await core?.close();
});

async function mailFor(to: string): Promise<DevMail[]> {
  const response = await fetch(`${core.origin}/_dev/mail?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DevMail[];
}

function transport(auth?: { user: string; pass: string }) {
  return nodemailer.createTransport({ host: '127.0.0.1', port: core.smtpPort ?? 0, secure: false, ...(auth ? { auth } : {}) });
}

/** A raw SMTP conversation: sends each line after the previous reply, returns every reply line. */
async function converse(lines: Array<string | Buffer>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(core.smtpPort ?? 0, '127.0.0.1');
    const replies: string[] = [];
    const pending = [...lines];
    let buffer = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no reply after ${replies.join(' | ')}`)));
    socket.on('data', (data) => {
      buffer += data.toString('latin1');
      const complete = buffer.split('\r\n');
      buffer = complete.pop() ?? '';
      for (const line of complete) {
        replies.push(line);
        // A multi-line reply goes on while the 4th character is '-'.
        if (line[3] === '-') continue;
        const next = pending.shift();
        if (next === undefined) socket.end();
        else socket.write(typeof next === 'string' ? `${next}\r\n` : next);
      }
    });
    socket.on('close', () => resolve(replies));
    socket.on('error', (error) => (replies.length ? resolve(replies) : reject(error)));
  });
}

describe('SMTP receiver', () => {
  it('listens on loopback at the port the server reports', () => {
    expect(core.smtpPort).toEqual(expect.any(Number));
    expect(core.smtpPort).not.toBe(core.port);
  });

  it('files a message sent with nodemailer for each recipient: from, subject, text, html, attachments (listed as metadata, bytes at their url)', async () => {
    const to = uniqueEmail('client');
    const cc = uniqueEmail('copy');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 7)]);
    const info = await transport({ user: 'apikey', pass: 'secret' }).sendMail({
      from: 'Calm Waters Therapy <reminders@calm.example>',
      to,
      cc,
      subject: 'Reminder: your appointment on Friday',
      text: 'See you on Friday at 10:00.',
      html: '<p>See you on <strong>Friday</strong> at 10:00.</p>',
      attachments: [{ filename: 'invoice-0001.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(info.accepted).toEqual([to, cc]);

    for (const address of [to, cc]) {
      const [mail, ...others] = await mailFor(address);
      expect(others).toEqual([]);
      expect(mail).toMatchObject({
        to: address,
        from: '"Calm Waters Therapy" <reminders@calm.example>',
        subject: 'Reminder: your appointment on Friday',
        text: 'See you on Friday at 10:00.',
        html: '<p>See you on <strong>Friday</strong> at 10:00.</p>',
        attachments: [{ filename: 'invoice-0001.pdf', contentType: 'application/pdf', size: pdf.length, url: `/_dev/mail/${mail?.id}/attachments/0` }],
      });
      expect(Date.now() - Date.parse(mail?.createdAt ?? '')).toBeLessThan(60_000);
      // The bytes as sent (an emailed invoice's PDF is read back by tests), from this machine only.
      const bytes = await fetch(`${core.origin}${mail?.attachments[0]?.url}`);
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get('content-type')).toBe('application/pdf');
      expect(bytes.headers.get('content-disposition')).toBe('attachment; filename="invoice-0001.pdf"');
      expect(Buffer.from(await bytes.arrayBuffer()).equals(pdf)).toBe(true);
      expect((await fetch(`${core.origin}/_dev/mail/${mail?.id}/attachments/1`)).status).toBe(404);
    }
    const page = await (await fetch(`${core.origin}/_dev/mail/ui?to=${encodeURIComponent(to)}`)).text();
    expect(page).toContain('Reminder: your appointment on Friday');
    expect(page).toContain('invoice-0001.pdf');
  });

  it('takes mail without credentials too, and keeps a UTF-8 subject and body', async () => {
    const to = uniqueEmail('plain');
    await transport().sendMail({ from: 'practice@calm.example', to, subject: 'Rendez-vous à 10 h — confirmé', text: 'À bientôt ✓' });
    const [mail] = await mailFor(to);
    // Quoted-printable bodies end in a line break.
    expect(mail).toMatchObject({ subject: 'Rendez-vous à 10 h — confirmé', text: expect.stringMatching(/^À bientôt ✓\s*$/), html: '', attachments: [], from: 'practice@calm.example' });
  });

  it('Appwrite\'s own mail has the same shape in the mailbox', async () => {
    const email = uniqueEmail('otp');
    await fetch(`${core.endpoint}/account/tokens/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' },
      body: JSON.stringify({ userId: 'unique()', email }),
    });
    const [mail] = await mailFor(email);
    expect(Object.keys(mail ?? {}).sort()).toEqual(['attachments', 'createdAt', 'from', 'html', 'id', 'subject', 'text', 'to']);
    expect(mail?.attachments).toEqual([]);
  });

  it('survives garbage, commands out of order, a malformed message and a dropped connection, and keeps serving', async () => {
    const garbage = await converse([Buffer.from([0, 255, 13, 10, 1, 2, 3, 13, 10]), 'DATA', 'RCPT TO:<nobody>', `HELO ${'x'.repeat(5000)}`, 'QUIT']);
    expect(garbage[0]).toMatch(/^220 /);
    expect(garbage.slice(1).some((line) => /^5\d\d /.test(line))).toBe(true);

    // A message that is not MIME at all is still filed with what can be read from it.
    const broken = uniqueEmail('broken');
    const replies = await converse([
      'EHLO test', 'MAIL FROM:<x@calm.example>', `RCPT TO:<${broken}>`, 'DATA',
      'Subject: =?bogus?Q?==?=\r\nContent-Type: multipart/mixed; boundary="never-closed"\r\n\r\n--never-closed\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%not base64%%%\r\n.',
      'QUIT',
    ]);
    expect(replies.some((line) => /^250 .*(queued|Accepted|OK)/i.test(line))).toBe(true);
    expect(await mailFor(broken)).toHaveLength(1);

    // A client that hangs up mid-message.
    await new Promise<void>((resolve) => {
      const socket = net.connect(core.smtpPort ?? 0, '127.0.0.1', () => {
        socket.write('EHLO t\r\nMAIL FROM:<a@b.example>\r\nRCPT TO:<c@d.example>\r\nDATA\r\nSubject: half\r\n\r\nhalf a mess');
        setTimeout(() => { socket.destroy(); resolve(); }, 200);
      });
      socket.on('error', () => resolve());
    });
    expect(await mailFor('c@d.example')).toEqual([]);

    const after = uniqueEmail('after');
    await transport().sendMail({ from: 'a@calm.example', to: after, subject: 'still here', text: 'ok' });
    expect((await mailFor(after)).map((m) => m.subject)).toEqual(['still here']);
    expect((await fetch(`${core.endpoint}/ping`)).status).toBe(200);
  });

  it(`refuses a message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MB with 552 and files nothing`, async () => {
    const to = uniqueEmail('big');
    const error = await transport().sendMail({ from: 'a@calm.example', to, subject: 'big', text: 'x'.repeat(MAX_MESSAGE_BYTES + 1024) }).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ responseCode: 552 });
    expect(await mailFor(to)).toEqual([]);
  });
});

import type { MailMessage } from './mailer';
import { escapeHtml, plainName, singleLine } from './plain-text';

/**
 * The account mails, as plain text with an HTML alternative. Each carries a link under
 * PUBLIC_BASE_URL with `?token=` (for the dashboard's page) and the API call that page makes, so
 * the mail is usable without one. Anything a user chose is passed through `plainName` first
 * (one line, no links; see plain-text.ts), and every line is HTML-escaped in the HTML part.
 */
type Line = { say: string } | { link: string } | { code: string };
/** Paragraphs of lines: a blank line between paragraphs in text, one <p> each in HTML. */
type Body = Line[][];

const say = (text: string): Line => ({ say: text });

function htmlLine(line: Line): string {
  if ('link' in line) return `<a href="${escapeHtml(line.link)}">${escapeHtml(line.link)}</a>`;
  if ('code' in line) return `<code>${escapeHtml(line.code)}</code>`;
  return escapeHtml(line.say);
}

/** The same words twice: text/plain, and text/html for clients that show HTML. */
export function renderMail(to: string, subject: string, body: Body): MailMessage {
  const paragraphs = body.filter((p) => p.length > 0);
  const text = paragraphs.map((p) => p.map((l) => ('say' in l ? l.say : 'link' in l ? l.link : l.code)).join('\n')).join('\n\n');
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"></head><body>',
    ...paragraphs.map((p) => `<p>${p.map(htmlLine).join('<br>\n')}</p>`),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

const apiCall = (baseUrl: string, path: string, body: string): string =>
  `curl -X POST ${baseUrl}${path} -H 'Content-Type: application/json' -d '${body}'`;

/** `adminAddress`: the address carries platform-admin rights, so it is verified signed in only. */
export function verificationMail(to: string, baseUrl: string, token: string, hours: number, adminAddress: boolean): MailMessage {
  const call = apiCall(baseUrl, '/auth/verify-email', `{"token":"${token}"}`);
  return renderMail(to, 'Confirm your e-mail address for voicegate', [
    [say('Please confirm that this address belongs to you:')],
    [{ link: `${baseUrl}/verify-email?token=${token}` }],
    [say('Or call the API directly:'), { code: adminAddress ? call.replace(' -H ', " -H 'Authorization: Bearer <your dashboard token>' -H ") : call }],
    adminAddress
      ? [
          say('This address carries platform administrator rights: it can only be confirmed while signed in to the'),
          say('account that uses it. If you did not create that account yourself, do not confirm: reset its password'),
          say('instead (POST /auth/password-reset), which makes the account yours and ends every other session.'),
        ]
      : [],
    [say(`The link works once and expires in ${hours} hours. If you did not sign up, ignore this mail.`)],
  ]);
}

export function passwordResetMail(to: string, baseUrl: string, token: string, minutes: number): MailMessage {
  return renderMail(to, 'Reset your voicegate password', [
    [say('Someone (hopefully you) asked to reset the password of this voicegate account. Choose a new one here:')],
    [{ link: `${baseUrl}/reset-password?token=${token}` }],
    [say('Or call the API directly:'), { code: apiCall(baseUrl, '/auth/password-reset/confirm', `{"token":"${token}","password":"<new password>"}`) }],
    [
      say(`The link works once and expires in ${minutes} minutes. Resetting signs out every session and lifts a login lockout.`),
      say('If you did not ask for this, ignore this mail: your password stays as it is.'),
    ],
  ]);
}

/** `organizationName` is the inviting organization's own choice: rendered as a plain name. */
export function invitationMail(to: string, baseUrl: string, token: string, organizationName: string, days: number): MailMessage {
  return renderMail(to, 'You are invited to an organization on voicegate', [
    [say(`You have been invited to join the organization "${plainName(organizationName)}" on voicegate. Choose a password to accept:`)],
    [{ link: `${baseUrl}/accept-invitation?token=${token}` }],
    [say('Or call the API directly:'), { code: apiCall(baseUrl, '/auth/accept-invitation', `{"token":"${token}","password":"<your password>"}`) }],
    [say(`The link works once and expires in ${days} days. If you do not expect this, ignore this mail.`)],
  ]);
}

/**
 * To an organization's owners: their webhook endpoint was disabled. The endpoint's URL is the
 * owners' own setting, which they must recognise: one line, not defanged (and never a link in HTML).
 */
export function endpointDisabledMail(to: string, baseUrl: string, organizationName: string, endpointUrl: string | null, reason: string | null): MailMessage {
  const url = endpointUrl ? singleLine(endpointUrl) : 'of this organization';
  return renderMail(to, `voicegate: webhook endpoint of ${plainName(organizationName)} disabled`, [
    [
      say(`Deliveries to your webhook endpoint ${url} have failed continuously (${plainName(reason ?? 'failing')}),`),
      say('so the endpoint has been disabled: no further events are sent to it.'),
    ],
    [
      say('Once the endpoint answers again, enable it and replay the events it missed:'),
      { code: `curl -X POST ${baseUrl}/dashboard/webhook/enable -H 'Authorization: Bearer <your dashboard token>'` },
      {
        code: `curl -X POST ${baseUrl}/dashboard/webhook-deliveries/replay -H 'Authorization: Bearer <your dashboard token>' -H 'Content-Type: application/json' -d '{"since":"<time>"}'`,
      },
    ],
  ]);
}

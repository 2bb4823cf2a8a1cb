import type { MailMessage } from './mailer';

/**
 * The account mails, as plain text. Each carries a link under PUBLIC_BASE_URL with `?token=` (for
 * the dashboard's page) and the API call that page makes, so the mail is usable without one.
 */
const apiCall = (baseUrl: string, path: string, body: string): string =>
  `curl -X POST ${baseUrl}${path} -H 'Content-Type: application/json' -d '${body}'`;

/** `adminAddress`: the address carries platform-admin rights, so it is verified signed in only. */
export function verificationMail(to: string, baseUrl: string, token: string, hours: number, adminAddress: boolean): MailMessage {
  const call = apiCall(baseUrl, '/auth/verify-email', `{"token":"${token}"}`);
  return {
    to,
    subject: 'Confirm your e-mail address for voicegate',
    text: [
      'Please confirm that this address belongs to you:',
      '',
      `${baseUrl}/verify-email?token=${token}`,
      '',
      'Or call the API directly:',
      adminAddress ? call.replace(' -H ', " -H 'Authorization: Bearer <your dashboard token>' -H ") : call,
      '',
      ...(adminAddress
        ? [
            'This address carries platform administrator rights: it can only be confirmed while signed in to the',
            'account that uses it. If you did not create that account yourself, do not confirm: reset its password',
            'instead (POST /auth/password-reset), which makes the account yours and ends every other session.',
            '',
          ]
        : []),
      `The link works once and expires in ${hours} hours. If you did not sign up, ignore this mail.`,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, baseUrl: string, token: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your voicegate password',
    text: [
      'Someone (hopefully you) asked to reset the password of this voicegate account. Choose a new one here:',
      '',
      `${baseUrl}/reset-password?token=${token}`,
      '',
      'Or call the API directly:',
      apiCall(baseUrl, '/auth/password-reset/confirm', `{"token":"${token}","password":"<new password>"}`),
      '',
      `The link works once and expires in ${minutes} minutes. Resetting signs out every session and lifts a login lockout.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function invitationMail(to: string, baseUrl: string, token: string, organizationName: string, days: number): MailMessage {
  return {
    to,
    subject: 'You are invited to an organization on voicegate',
    text: [
      `You have been invited to join the organization "${organizationName}" on voicegate. Choose a password to accept:`,
      '',
      `${baseUrl}/accept-invitation?token=${token}`,
      '',
      'Or call the API directly:',
      apiCall(baseUrl, '/auth/accept-invitation', `{"token":"${token}","password":"<your password>"}`),
      '',
      `The link works once and expires in ${days} days. If you do not expect this, ignore this mail.`,
    ].join('\n'),
  };
}

import type { MailMessage } from '../../lib/mailer.js';

function appUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
}

export function verificationEmail(args: { to: string; name: string; token: string; code: string; publicUrl: string }): MailMessage {
  const link = appUrl(args.publicUrl, `/verification?token=${encodeURIComponent(args.token)}`);
  return {
    to: args.to,
    purpose: 'verify',
    subject: 'Verify your Hubbub account',
    text: [
      `Hi ${args.name},`,
      '',
      'Welcome to Hubbub. Open this link to verify your email address:',
      link,
      '',
      `Or type this code on the verification page: ${args.code}`,
      `Code: ${args.code}`,
      '',
      'The link and the code work once and expire in 24 hours.',
      'If you did not sign up, ignore this email.',
    ].join('\n'),
    localHint: { link, code: args.code },
  };
}

export function resetEmail(args: { to: string; name: string; token: string; code: string; publicUrl: string }): MailMessage {
  const link = appUrl(args.publicUrl, `/password/reset?code=${encodeURIComponent(args.token)}`);
  return {
    to: args.to,
    purpose: 'reset',
    subject: 'Reset your Hubbub password',
    text: [
      `Hi ${args.name},`,
      '',
      'Someone asked to reset the password of your Hubbub account. Open this link to choose a new one:',
      link,
      '',
      `Or type this code on the reset page: ${args.code}`,
      `Code: ${args.code}`,
      '',
      'The link and the code work once and expire in 1 hour.',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
    localHint: { link, code: args.code },
  };
}

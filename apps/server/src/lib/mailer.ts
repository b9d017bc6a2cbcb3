import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A short label for the outbox file name and the log, e.g. "verify". */
  purpose: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Shown in the log in outbox mode only, so a local user can finish the flow without a mail server. */
  localHint?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
        options.log.info({ purpose: message.purpose }, 'email sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${stamp}-${message.purpose}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ purpose: message.purpose, file, ...message.localHint }, 'email written to the outbox (no SMTP_URL set)');
    },
  };
}

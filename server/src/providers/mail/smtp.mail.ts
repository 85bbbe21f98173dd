import nodemailer from 'nodemailer';
import type { MailProvider } from './mail.types';

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587 or smtps://…). */
export function createSmtpMail(smtpUrl: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

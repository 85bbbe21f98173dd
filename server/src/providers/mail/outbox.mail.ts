import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { MailProvider } from './mail.types';

/**
 * Keeps mail in the mail_outbox table, which tests read. With `announce`, a demo also logs each message's
 * first link, so a person trying the demo can follow verification and reset links without a mail server.
 */
export function createOutboxMail(db: Db, clock: Clock, announce?: Logger): MailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db('mail_outbox').insert({
        id: newId(),
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        kind: message.kind,
        created_at: clock.now().toISOString(),
        sent_at: null,
      });
      if (announce) {
        const link = /https?:\/\/\S+/.exec(message.text)?.[0];
        announce.info({ to: message.to, subject: message.subject, link }, 'mail kept in the outbox');
      }
    },
  };
}

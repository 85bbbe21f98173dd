import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { MailProvider } from './mail.types';

/** Keeps mail in the mail_outbox table: the demo prints links from it, tests read it. */
export function createOutboxMail(db: Db, clock: Clock): MailProvider {
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
    },
  };
}

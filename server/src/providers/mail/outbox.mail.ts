import type { Logger } from 'pino';
import { toIso, type Db } from '../../db/database';
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

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
  createdAt: string;
}

/** The newest messages kept for one address, as a person would find them in their inbox. */
export async function readOutbox(db: Db, to: string, limit: number): Promise<OutboxMessage[]> {
  const rows = await db('mail_outbox')
    .where({ to_address: to.toLowerCase() })
    .orderBy('created_at', 'desc')
    .limit(limit);
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    kind: row.kind,
    createdAt: toIso(row.created_at),
  }));
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (verify-email, reset-password, invitation); kept in the outbox. */
  kind: string;
}

export interface MailProvider {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

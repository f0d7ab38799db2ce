import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Queryable } from '../db/db.ts';
import type { MailKind } from './mail-messages.ts';

export interface OutgoingMail {
  /** An account mail, or a visitor's message from the contact form (gateway/src/contact). */
  kind: MailKind | 'contact';
  to: string;
  /** Who answering the mail writes to (the contact form's sender). */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** The one link the mail is about: logged when no SMTP server is configured. */
  link: string;
  userId: string | null;
}

/**
 * Every mail first lands in the outbox table (what was sent to whom, and whether it went). With an SMTP
 * server (SMTP_URL) it goes out at once and its row is marked sent; without one it stays there and its link
 * is logged, so a newcomer running `npm start` can still reset a password.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Queryable,
    private readonly options: { smtpUrl?: string; from: string; logger: Logger },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const { id } = await this.db.sql
      .insertInto('mail_outbox')
      .values({
        user_id: mail.userId,
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) {
      this.options.logger.info(
        { kind: mail.kind, to: mail.to, link: mail.link },
        'mail kept in the outbox (no SMTP_URL); open its link',
      );
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
      });
      await this.db.sql
        .updateTable('mail_outbox')
        .set((eb) => ({ sent_at: new Date(), attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    } catch (error) {
      await this.db.sql
        .updateTable('mail_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: String((error as Error).message).slice(0, 500),
        }))
        .where('id', '=', id)
        .execute();
      this.options.logger.warn({ err: error, kind: mail.kind, outbox: id }, 'mail not sent');
    }
  }

  close(): void {
    this.transport?.close();
  }
}

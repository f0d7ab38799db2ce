import type { Logger } from 'pino';
import type { Db } from '../db/db.ts';
import { Mailer } from '../mail/mailer.ts';
import { accountMail, mailLanguage, type MailKind } from '../mail/mail-messages.ts';
import { DEFAULT_MAIL_FROM, type AuthOptions } from './auth-options.ts';
import type { UserRow } from './user-rows.ts';

/** Where links in mails point: the site's public origin (or the request's, when it can be trusted). */
export type LinkBase = string | null;

/**
 * The accounts' mails (password reset, e-mail verification, a registration with a taken address), sent after the answer so its timing tells
 * nothing about whether an account exists; close() waits for the ones still going out.
 */
export class AccountMail {
  private readonly mailer: Mailer;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    db: Db,
    options: Pick<AuthOptions, 'smtpUrl' | 'mailFrom'>,
    private readonly logger: Logger,
  ) {
    this.mailer = new Mailer(db, {
      smtpUrl: options.smtpUrl,
      from: options.mailFrom ?? DEFAULT_MAIL_FROM,
      logger,
    });
  }

  /** Mails the user a link carrying `token`, after the answer. */
  sendLater(kind: MailKind, user: UserRow, language: string | undefined, linkBase: LinkBase, token: string) {
    this.later(() => this.send(kind, user, language, linkBase, token));
  }

  /** Runs `work` after the answer (looking the account up included), logging what fails. */
  later(work: () => Promise<void>): void {
    const task = work()
      .catch((err: unknown) => this.logger.error({ err }, 'account mail failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async send(
    kind: MailKind,
    user: UserRow,
    language: string | undefined,
    linkBase: LinkBase,
    token: string,
  ): Promise<void> {
    if (!user.email) return;
    if (!linkBase) {
      // A link built from an untrusted Host header would send the token to whoever forged it.
      this.logger.error({ kind }, 'no trusted origin for the mail link: set PUBLIC_BASE_URL; mail not sent');
      return;
    }
    const lang = mailLanguage(language ?? user.language);
    const link =
      kind === 'reset-password'
        ? `${linkBase}/${lang}/auth/reset-password?token=${encodeURIComponent(token)}`
        : kind === 'verify-email'
          ? `${linkBase}/${lang}/account?verify=${encodeURIComponent(token)}`
          : // register-existing: no token, the page where a forgotten password is reset.
            `${linkBase}/${lang}/reset`;
    const { subject, text } = accountMail(kind, lang, link);
    await this.mailer.send({ kind, to: user.email, subject, text, link, userId: user.id });
  }

  async close(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.mailer.close();
  }
}

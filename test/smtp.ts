import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server received it, decoded enough for a test to read. */
export interface ReceivedMail {
  from: string | null;
  to: string[];
  subject: string;
  /** The Reply-To header as written (the contact form's sender), or null. */
  replyTo: string | null;
  text: string;
  /** The first http(s) link in the body: what a user would click. */
  link: string | null;
}

/** A real SMTP server on 127.0.0.1 (npm smtp-server) that keeps what it receives. */
export interface TestSmtp {
  /** SMTP_URL for the gateway. */
  url: string;
  mails: ReceivedMail[];
  /** Waits for a mail to `to` (and matching `where`), newest first. */
  waitForMail(
    to: string,
    options?: { where?: (mail: ReceivedMail) => boolean; timeoutMs?: number },
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on the loopback: no TLS (STARTTLS would present a self-signed certificate) and no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const found = [...mails].reverse().find((m) => m.to.includes(to) && (options.where?.(m) ?? true));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived (${mails.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough of RFC 5322/2045/2047 for the single-part text mails the gateway sends. */
function parseMail(raw: string, from: string | null, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  const subject = header('Subject').replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi,
    (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
  );
  return {
    from,
    to,
    subject,
    replyTo: header('Reply-To') || null,
    text,
    link: /https?:\/\/\S+/.exec(text)?.[0] ?? null,
  };
}

function decodeQuotedPrintable(s: string): string {
  // Literal % are escaped first, so decodeURIComponent reads only the bytes QP encoded (as UTF-8).
  const percent = s
    .replace(/=\r?\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(percent);
}

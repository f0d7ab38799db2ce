import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The contact form's "when was this page loaded" token: the load time and an HMAC of it, so a bot can
 * neither post without loading the page first nor pretend it loaded it long ago. No state is kept: any
 * gateway with the same secret checks any token.
 */
export class ContactTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, so a contact token is never anything else's signature.
    this.key = createHmac('sha256', secret).update('pitchside:contact-form').digest();
  }

  issue(nowMs: number): string {
    const at = String(Math.floor(nowMs));
    return `${at}.${this.sign(at)}`;
  }

  /** The load time the token carries, or null when it is not one of ours. */
  issuedAt(token: string): number | null {
    const match = /^(\d{10,16})\.([\w-]{43})$/.exec(token);
    if (!match) return null;
    const [, at, signature] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.sign(at));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? Number(at) : null;
  }

  private sign(at: string): string {
    return createHmac('sha256', this.key).update(at).digest('base64url');
  }
}

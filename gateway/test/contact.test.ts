/**
 * The contact form's endpoint against a real gateway, PostgreSQL (the outbox), Redis (the limits) and SMTP
 * server: the message reaches the support address with Reply-To the sender; bad fields, spam and floods
 * are answered as the form expects; the old addresses under /xx/deprecated/ are sent on with a 301.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startTestSmtp, type TestSmtp } from '@pitchside/test-support/smtp';

const SUPPORT = 'help-desk@pitchside.test';
const MIN_FILL_MS = 400;

describe('POST /api/contact (real gateway, PostgreSQL, Redis, SMTP)', () => {
  let t: TestRedis;
  let smtp: TestSmtp;
  let gateway: TestGateway;
  // Each test posts from an address of its own (the gateway trusts X-Forwarded-For here), so the per-IP
  // limit of one test does not spill into the next.
  let nextIp = 10;
  const newIp = () => `203.0.113.${nextIp++}`;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([testRedis(), startTestSmtp()]);
    gateway = await startGateway(t, {
      trustProxy: true,
      auth: { smtpUrl: smtp.url },
      contact: {
        supportEmail: SUPPORT,
        minFillMs: MIN_FILL_MS,
        perIp: { limit: 3, windowS: 600 },
        perEmail: { limit: 2, windowS: 600 },
      },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  async function token(): Promise<string> {
    const response = await fetch(`${gateway.url}/api/contact/token`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { data: { token: string; minFillMs: number } };
    expect(body.data.minFillMs).toBe(MIN_FILL_MS);
    return body.data.token;
  }
  /** A token from a page loaded long enough ago for a person to have typed the message. */
  async function filledToken(): Promise<string> {
    const value = await token();
    await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 50));
    return value;
  }

  const message = (overrides: Record<string, string> = {}) => ({
    name: 'Ada Lovelace',
    email: `ada-${randomUUID().slice(0, 8)}@example.com`,
    subject: `Stream question ${randomUUID().slice(0, 6)}`,
    message: 'The second half of the stream stopped for me on the match page. Is it only me?',
    language: 'de',
    ...overrides,
  });

  const post = (body: unknown, ip: string, form = false) =>
    fetch(`${gateway.url}/api/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        'x-forwarded-for': ip,
      },
      body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });

  /** Nothing reached the SMTP server with this subject within a while (the mail would have taken ms). */
  async function expectNoMail(subject: string) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter((m) => m.subject.includes(subject))).toEqual([]);
  }

  it('mails the message to the support address, Reply-To the sender', async () => {
    const sent = message({ token: await filledToken() });
    const response = await post(sent, newIp());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { sent: true } });
    const mail = await smtp.waitForMail(SUPPORT, { where: (m) => m.subject.includes(sent.subject) });
    expect(mail.subject).toBe(`[Contact] ${sent.subject}`);
    expect(mail.replyTo).toContain(sent.email);
    expect(mail.replyTo).toContain('Ada Lovelace');
    expect(mail.text).toContain(sent.message);
    expect(mail.text).toContain('Language: de');
  });

  it('takes a plain form post (no script) and redirects back to the form in its language', async () => {
    const sent = message({ token: await filledToken(), language: 'fr' });
    const response = await post(sent, newIp(), true);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/contact?sent=1');
    await smtp.waitForMail(SUPPORT, { where: (m) => m.subject.includes(sent.subject) });

    const bad = await post(
      { ...message(), email: 'not-an-address', message: 'short', language: 'tr' },
      newIp(),
      true,
    );
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/tr/contact?error=request%3Ainvalid&fields=email%2Cmessage');
  });

  it('answers bad fields with 400 and every bad field named', async () => {
    const response = await post(
      {
        name: ' ',
        email: 'nobody@',
        subject: 'Hi\r\nBcc: everyone@example.com',
        message: 'short',
        token: await token(),
      },
      newIp(),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; issues: { path: string; code: string }[] };
    };
    expect(error.code).toBe('request:invalid');
    expect(error.issues.map((i) => i.path).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(error.issues.find((i) => i.path === 'message')?.code).toBe('too_small');
  });

  it('refuses a message with more than three links', async () => {
    const links = 'See https://a.example https://b.example www.c.example and http://d.example please';
    const response = await post(message({ message: links, token: await filledToken() }), newIp());
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { issues: { path: string; code: string }[] } };
    expect(error.issues).toEqual([expect.objectContaining({ path: 'message', code: 'custom' })]);
  });

  it('accepts but never sends what a bot sends: the honeypot filled, no token, a forged one, too fast', async () => {
    const ip = () => newIp();
    const honeypot = message({ token: await filledToken(), website: 'https://spam.example' });
    const noToken = message();
    const real = await token();
    const forged = message({ token: `${Date.now() - 60_000}.${real.split('.')[1]}` });
    const tooFast = message({ token: await token() });
    for (const body of [honeypot, noToken, forged, tooFast]) {
      const response = await post(body, ip());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { sent: true } });
    }
    for (const body of [honeypot, noToken, forged, tooFast]) await expectNoMail(body.subject);
  });

  it('limits messages per address and per sender with 429 contact:rate-limited and Retry-After', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await post(message({ token: await filledToken() }), ip);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await last!.json()).toMatchObject({ error: { code: 'contact:rate-limited' } });

    // The same sender from three addresses: the third message is one too many for that e-mail.
    const email = `repeat-${randomUUID().slice(0, 8)}@example.com`;
    const bySender: number[] = [];
    for (let i = 0; i < 3; i++)
      bySender.push((await post(message({ email, token: await filledToken() }), newIp())).status);
    expect(bySender).toEqual([200, 200, 429]);
  });

  it('lets exactly the limit through when one address posts a burst in parallel', async () => {
    const ip = newIp();
    const tokens = await Promise.all(Array.from({ length: 12 }, () => token()));
    await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 50));
    const bodies = tokens.map((value) => message({ token: value }));
    const statuses = (await Promise.all(bodies.map((body) => post(body, ip)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = smtp.mails.filter((m) => bodies.some((b) => m.subject.includes(b.subject)));
    expect(sent).toHaveLength(3);
  });

  it('refuses a form opened more than a day ago with contact:form-expired', async () => {
    // A token of another gateway with the same secret, issued two days ago.
    const { ContactTokens } = await import('../src/contact/contact-token.ts');
    const old = new ContactTokens(gateway.auth.secret).issue(Date.now() - 2 * 86_400_000);
    const response = await post(message({ token: old }), newIp());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'contact:form-expired' } });
  });
});

describe('/xx/deprecated/{slug}', () => {
  let t: TestRedis;
  let gateway: TestGateway;
  beforeAll(async () => {
    t = await testRedis();
    gateway = await startGateway(t);
  });
  afterAll(async () => {
    await gateway?.close();
    await t?.cleanup();
  });

  const get = (path: string) => fetch(`${gateway.url}${path}`, { redirect: 'manual' });

  it('sends known old addresses to their new home with a 301, language and query kept', async () => {
    const cases = [
      ['/de/deprecated/live-score', '/de/live-matches'],
      ['/en/deprecated/results?date=2022-12-18', '/en/fixtures-results?date=2022-12-18'],
      ['/tr/deprecated/privacy-policy', '/tr/policy/privacy'],
      ['/fr/deprecated/world-cup-2022/', '/fr/league/fifa-world-cup-2022-live-streaming'],
      ['/es/deprecated/Plans', '/es/pricing'],
    ] as const;
    for (const [from, to] of cases) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });

  it('never redirects anywhere else: unknown slugs, other hosts and odd names fall through to the page', async () => {
    for (const path of [
      '/en/deprecated/old-page',
      '/en/deprecated/%2F%2Fevil.example',
      '/en/deprecated/constructor',
      '/en/deprecated/__proto__',
      '/xx/deprecated/live-score',
    ]) {
      const response = await get(path);
      // Without a website build the gateway answers pages with 503; either way, not a redirect.
      expect(response.status, path).not.toBe(301);
      expect(response.headers.get('location'), path).toBeNull();
    }
  });
});

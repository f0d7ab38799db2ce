import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaymentError } from '../payment-error.ts';
import { signTimestampedHmac, verifyTimestampedHmac } from './timestamped-hmac.ts';

const secret = 'whsec_test_3a8f0c1d2e';
const body = Buffer.from('{"id":"evt_1","object":"event"}');
const now = 1_760_000_000;

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof PaymentError ? error.code : String(error);
  }
};

describe('timestamped HMAC webhook signatures (Stripe scheme)', () => {
  it('signs the way Stripe documents: HMAC-SHA256 of "<t>.<body>", hex', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body.toString()}`).digest('hex');
    expect(signTimestampedHmac(secret, body, now)).toBe(`t=${now},v1=${expected}`);
  });

  it('accepts a valid signature, also among other v1 entries and a v0', () => {
    const header = signTimestampedHmac(secret, body, now);
    expect(verifyTimestampedHmac(header, body, secret, { nowS: now + 10 })).toEqual({ timestamp: now });
    const rolled = `t=${now},v1=${'0'.repeat(64)},${header.split(',')[1]},v0=${'1'.repeat(64)}`;
    expect(verifyTimestampedHmac(rolled, body, secret, { nowS: now })).toEqual({ timestamp: now });
  });

  it('refuses a forged body, a wrong secret, a moved timestamp and a missing or mangled header', () => {
    const header = signTimestampedHmac(secret, body, now);
    const forged = Buffer.from(body.toString().replace('evt_1', 'evt_2'));
    expect(codeOf(() => verifyTimestampedHmac(header, forged, secret, { nowS: now }))).toBe(
      'payment:signature-invalid',
    );
    expect(codeOf(() => verifyTimestampedHmac(header, body, 'whsec_other', { nowS: now }))).toBe(
      'payment:signature-invalid',
    );
    const moved = header.replace(`t=${now}`, `t=${now + 1}`);
    expect(codeOf(() => verifyTimestampedHmac(moved, body, secret, { nowS: now }))).toBe(
      'payment:signature-invalid',
    );
    for (const bad of [undefined, '', 't=1', `v1=${'a'.repeat(64)}`, `t=${now},v1=zz`]) {
      expect(
        codeOf(() => verifyTimestampedHmac(bad, body, secret, { nowS: now })),
        String(bad),
      ).toBe('payment:signature-invalid');
    }
  });

  it('refuses a genuine signature older than the tolerance (a replay) or too far ahead', () => {
    const header = signTimestampedHmac(secret, body, now);
    expect(codeOf(() => verifyTimestampedHmac(header, body, secret, { nowS: now + 300 }))).toBeUndefined();
    expect(codeOf(() => verifyTimestampedHmac(header, body, secret, { nowS: now + 301 }))).toBe(
      'payment:signature-expired',
    );
    expect(codeOf(() => verifyTimestampedHmac(header, body, secret, { nowS: now - 301 }))).toBe(
      'payment:signature-expired',
    );
    expect(
      codeOf(() => verifyTimestampedHmac(header, body, secret, { nowS: now + 1000, toleranceS: 1000 })),
    ).toBeUndefined();
  });
});

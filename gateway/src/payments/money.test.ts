import { describe, expect, it } from 'vitest';
import { currencyExponent, fromDecimalString, toDecimalString } from './money.ts';

describe('money', () => {
  it('knows the minor unit of each currency', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(() => currencyExponent('eur')).toThrow(RangeError);
  });

  it('writes minor units as the decimal strings PayPal wants', () => {
    expect(toDecimalString(999, 'EUR')).toBe('9.99');
    expect(toDecimalString(5, 'USD')).toBe('0.05');
    expect(toDecimalString(0, 'GBP')).toBe('0.00');
    expect(toDecimalString(500, 'JPY')).toBe('500');
    expect(toDecimalString(1234, 'KWD')).toBe('1.234');
    expect(() => toDecimalString(9.5, 'EUR')).toThrow(RangeError);
    expect(() => toDecimalString(-1, 'EUR')).toThrow(RangeError);
  });

  it('reads decimal strings back without floating point', () => {
    expect(fromDecimalString('9.99', 'EUR')).toBe(999);
    expect(fromDecimalString('10', 'EUR')).toBe(1000);
    expect(fromDecimalString('0.1', 'EUR')).toBe(10);
    expect(fromDecimalString('500', 'JPY')).toBe(500);
    // 0.1 + 0.2 style drift cannot happen: every value is string arithmetic.
    expect(fromDecimalString('1234567.89', 'USD')).toBe(123456789);
  });

  it('refuses what is not an amount of that currency', () => {
    for (const bad of ['9.999', '-1.00', '1e3', '', '9.', '.5', ' 9.99']) {
      expect(() => fromDecimalString(bad, 'EUR'), bad).toThrow(RangeError);
    }
    expect(() => fromDecimalString('1.5', 'JPY')).toThrow(RangeError);
  });
});

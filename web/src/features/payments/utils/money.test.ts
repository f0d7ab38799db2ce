import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney, preferredCurrency } from './money.ts';

// Intl puts a no-break space (U+00A0) or a narrow one (U+202F) between number and symbol.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('reads integer minor units in the currency and the visitor language', () => {
    expect(plain(formatMoney(999, 'EUR', 'en'))).toBe('€9.99');
    expect(plain(formatMoney(999, 'EUR', 'de'))).toBe('9,99 €');
    expect(plain(formatMoney(999, 'EUR', 'fr'))).toBe('9,99 €');
    expect(plain(formatMoney(899, 'GBP', 'en'))).toBe('£8.99');
    expect(plain(formatMoney(1099, 'USD', 'en'))).toBe('$10.99');
    expect(plain(formatMoney(10999, 'USD', 'tr'))).toBe('$109,99');
    expect(plain(formatMoney(9999, 'EUR', 'nl'))).toBe('€ 99,99');
  });

  it('knows currencies without cents and with three decimals', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(plain(formatMoney(500, 'JPY', 'en'))).toBe('¥500');
    expect(plain(formatMoney(1234, 'KWD', 'en'))).toBe('KWD 1.234');
    expect(plain(formatMoney(1000, 'EUR', 'en'))).toBe('€10.00');
  });

  it('shows an amount in a currency the browser does not know rather than failing', () => {
    expect(formatMoney(150, 'XXQ', 'en')).toMatch(/1\.50/);
  });
});

describe('preferredCurrency', () => {
  const offered = ['EUR', 'GBP', 'USD'];

  it('takes the page language on the server (no browser hints), so hydration agrees', () => {
    expect(preferredCurrency(offered, { language: 'de' })).toBe('EUR');
    expect(preferredCurrency(offered, { language: 'en' })).toBe('USD');
    // A language whose currency is not offered falls back to EUR.
    expect(preferredCurrency(offered, { language: 'tr' })).toBe('EUR');
  });

  it('prefers the region of the browser locales over the language', () => {
    expect(preferredCurrency(offered, { language: 'en', locales: ['en-GB', 'en'] })).toBe('GBP');
    expect(preferredCurrency(offered, { language: 'en', locales: ['en-IE'] })).toBe('EUR');
    expect(preferredCurrency(offered, { language: 'pt', locales: ['pt-BR', 'en-US'] })).toBe('USD');
  });

  it('keeps an earlier choice when it is offered, in any case', () => {
    expect(preferredCurrency(offered, { language: 'de', locales: ['de-DE'], chosen: 'gbp' })).toBe('GBP');
    expect(preferredCurrency(offered, { language: 'de', chosen: 'JPY' })).toBe('EUR');
  });

  it('falls back to the first offered currency, or none', () => {
    expect(preferredCurrency(['CHF', 'SEK'], { language: 'en' })).toBe('CHF');
    expect(preferredCurrency([], { language: 'en' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatMinor } from './format-minor.ts';

describe('formatMinor', () => {
  it('reads minor units by the currency’s own decimals', () => {
    expect(formatMinor(999, 'EUR', 'en')).toBe('€9.99');
    expect(formatMinor(1099, 'USD', 'en-US')).toBe('$10.99');
    expect(formatMinor(500, 'JPY', 'en')).toBe('¥500');
  });

  it('shows an unknown code as it is', () => {
    expect(formatMinor(5, 'not-a-code', 'en')).toBe('5 not-a-code');
  });
});

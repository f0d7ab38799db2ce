import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.ts';

describe('crc32', () => {
  it('gives the standard check value', () => {
    // The CRC-32/ISO-HDLC check value of "123456789" (the CRC catalogue's test vector).
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('agrees with zlib on arbitrary bytes', () => {
    const zlibCrc = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
    if (!zlibCrc) return; // Node before 20.15 has no zlib.crc32; the check value above still holds.
    for (const size of [1, 7, 64, 1000, 65_537]) {
      const bytes = Buffer.alloc(size, 0).map((_, i) => (i * 131 + size) & 0xff);
      expect(crc32(bytes)).toBe(zlibCrc(bytes));
    }
  });
});

/**
 * CRC-32 (IEEE 802.3, the zlib/PNG one) of a byte string, as PayPal puts it into the signed message of a
 * webhook: an unsigned decimal. Hand-written because node:zlib's crc32 arrived in Node 20.15 and we
 * support 20.11.
 */
const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

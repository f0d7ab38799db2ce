import { randomBytes } from 'node:crypto';

/** WebSocket opcodes (RFC 6455 §5.2) the load clients send. */
export const OP_TEXT = 0x1;

/**
 * A final, masked WebSocket frame, as every client must send (RFC 6455 §5.3): the load clients and the hostile
 * ones write their frames by hand, so thousands of sockets cost no library per socket.
 */
export function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) frame[1] = 0x80 | length;
  else if (length < 65536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, headerLength);
  for (let i = 0; i < length; i++) frame[headerLength + 4 + i] = (payload[i] ?? 0) ^ (mask[i & 3] ?? 0);
  return frame;
}

import { MAX_UNSENT_BYTES_PER_SOCKET } from '@pitchside/shared/constants';

/**
 * A connection's unsent bytes, capped (issue 17 §1). A client that keeps asking and never reads its answers
 * makes the gateway hold every answer: first the kernel's socket buffer fills, then ws's (`bufferedAmount`),
 * then, while ws has not finished a write, Engine.IO queues every further packet in the connection's
 * `writeBuffer`, without limit. One such socket grew a gateway by 30 MB a second. Past the cap the connection
 * is cut (its TCP socket destroyed, not closed politely: a close frame would queue behind what the client
 * does not read, and ws would hold it all for its 30 s closing timeout).
 *
 * Cheap on the hot path: an honest connection's `writeBuffer` is empty (Engine.IO hands each packet to ws at
 * once), so the check reads one number. A queue is counted incrementally: Engine.IO only appends to a
 * `writeBuffer` until it flushes it, and a flush replaces the array, so each packet is counted once.
 */

interface QueuedPacket {
  data?: unknown;
}
/** The parts of an Engine.IO connection (engine.io socket.ts) and its transport read here. */
export interface SendBudgetConn {
  readyState: string;
  writeBuffer: QueuedPacket[];
  transport: { name: string; socket?: { bufferedAmount?: number; terminate?: () => void } };
  close(discard?: boolean): void;
}

/** Packets counted so far in a `writeBuffer` array, and their bytes. */
interface Tally {
  counted: number;
  bytes: number;
}
const tallies = new WeakMap<QueuedPacket[], Tally>();

const packetBytes = (packet: QueuedPacket | undefined): number => {
  const data = packet?.data;
  if (typeof data === 'string') return data.length + 1;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength + 1;
  return 1;
};

/** Bytes written to the connection that have not reached the kernel yet. */
export function unsentBytes(conn: SendBudgetConn): number {
  const socket = conn.transport.name === 'websocket' ? conn.transport.socket : undefined;
  const buffered = socket?.bufferedAmount ?? 0;
  const queue = conn.writeBuffer;
  const n = queue.length;
  if (n === 0) return buffered;
  let tally = tallies.get(queue);
  if (!tally || tally.counted > n) tallies.set(queue, (tally = { counted: 0, bytes: 0 }));
  for (; tally.counted < n; tally.counted++) tally.bytes += packetBytes(queue[tally.counted]);
  return buffered + tally.bytes;
}

/** Ends the connection now, dropping whatever it had not sent. */
export function cutOff(conn: SendBudgetConn): void {
  const socket = conn.transport.name === 'websocket' ? conn.transport.socket : undefined;
  if (typeof socket?.terminate === 'function') socket.terminate();
  else conn.close(true);
}

/**
 * Whether the connection may be written to: true while its unsent bytes are within the cap. Over it, the
 * connection is cut and the answer is false (write nothing more).
 */
export function withinSendBudget(conn: SendBudgetConn, cap = MAX_UNSENT_BYTES_PER_SOCKET): boolean {
  if (conn.readyState !== 'open') return false;
  if (unsentBytes(conn) <= cap) return true;
  cutOff(conn);
  return false;
}

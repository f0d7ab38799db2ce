import * as ws from 'ws';

/** ws's frame builder: exported at runtime (`Sender`), missing from @types/ws; null if a version drops it. */
const { Sender } = ws as unknown as { Sender?: { frame?(data: Buffer, options: FrameOptions): Buffer[] } };
const buildFrame = typeof Sender?.frame === 'function' ? Sender.frame.bind(Sender) : null;
interface FrameOptions {
  fin: boolean;
  rsv1: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
}
import type { Socket as EngineSocket } from 'engine.io';
import { withinSendBudget, type SendBudgetConn } from './send-budget.ts';

/**
 * A Socket.IO event encoded once for any number of viewers: the Engine.IO text, and the complete WebSocket
 * frame around it. Socket.IO's own broadcast also pre-builds the frame, but then walks every socket through
 * its packet pipeline (packet objects, events, write buffers); for a hot match with thousands of viewers we
 * write the same frame straight to each connection instead.
 * See https://github.com/websockets/ws/issues/617#issuecomment-283002469 for the frame-once technique.
 */
export interface PreEncodedEvent {
  /** The Socket.IO packet without the Engine.IO type, for connections not on a WebSocket (polling). */
  socketIoPacket: string;
  /**
   * The finished WebSocket frame, header and payload in one buffer (as ws's `sendFrame` takes it: a list);
   * null when not built (the library internals switched off, or ws without `Sender.frame`).
   */
  frame: Buffer[] | null;
}

/** `withFrame` false: only the packet, written through Engine.IO's public `write` (library-internals.ts). */
export function preEncodeEvent(event: string, jsonPayload: string, withFrame = true): PreEncodedEvent {
  // Socket.IO EVENT packet on the main namespace: "2" + JSON array; Engine.IO MESSAGE adds "4".
  const socketIoPacket = `2[${JSON.stringify(event)},${jsonPayload}]`;
  if (!withFrame || !buildFrame) return { socketIoPacket, frame: null };
  const data = Buffer.from(`4${socketIoPacket}`);
  const parts = buildFrame(data, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false });
  // Header and payload joined once, so each viewer costs one socket write instead of cork, two writes, uncork.
  return { socketIoPacket, frame: [parts.length === 1 ? parts[0]! : Buffer.concat(parts)] };
}

/** What engine.io's WebSocket transport keeps: the `ws` socket, whose sender takes a finished frame. */
interface WsTransportInternals {
  name: string;
  socket?: {
    _sender?: { sendFrame?: (frame: Buffer[], cb?: (err?: Error) => void) => void };
    bufferedAmount?: number;
  };
}

interface EngineInternals {
  transport: WsTransportInternals;
  writeBuffer: unknown[];
}

/**
 * How a write went: `frame`, the finished frame straight to the socket; `packet`, through Engine.IO's `write`
 * (a polling connection, something already queued, no frame built, or a closed connection: nothing to do);
 * `no-sender`, through `write` too although the connection is on a WebSocket, because ws's sender was not
 * where it is expected (library-internals.ts counts it as a miss); `cut-off`, too far behind, disconnected.
 */
export type WriteOutcome = 'frame' | 'packet' | 'no-sender' | 'cut-off';

/**
 * Writes a pre-encoded event to one Engine.IO connection. Takes the raw path only when Engine.IO has nothing
 * queued for that connection, so our frame never overtakes an ack it is still holding.
 */
export function writePreEncoded(conn: EngineSocket, event: PreEncodedEvent): WriteOutcome {
  if (conn.readyState !== 'open') return 'packet';
  // Viewers too far behind (send-budget.ts) are cut off; they reconnect and resume from the stream instead
  // of bloating memory. One number read for a viewer that keeps up.
  if (!withinSendBudget(conn as unknown as SendBudgetConn)) return 'cut-off';
  if (!event.frame) {
    conn.write(event.socketIoPacket);
    return 'packet';
  }
  const { transport, writeBuffer } = conn as unknown as EngineInternals;
  const ws = transport.name === 'websocket' ? transport.socket : undefined;
  const sendFrame = ws?._sender?.sendFrame;
  if (ws && typeof sendFrame === 'function' && writeBuffer.length === 0) {
    sendFrame.call(ws._sender, event.frame);
    return 'frame';
  }
  conn.write(event.socketIoPacket);
  return transport.name === 'websocket' && typeof sendFrame !== 'function' ? 'no-sender' : 'packet';
}

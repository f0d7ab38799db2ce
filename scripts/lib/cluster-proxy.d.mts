import type { Server } from 'node:http';

export interface ClusterProxy {
  url: string;
  server: Server;
  /** Requests and WebSocket upgrades handed to each backend. */
  routed: Map<string, number>;
  /** Socket.IO polling sessions pinned to their gateway, by sid. */
  sessions: Map<string, { backend: string; seenAt: number }>;
  close(): Promise<void>;
}

export function startClusterProxy(options: {
  port: number;
  host?: string;
  backends: string[];
  log?: (line: string) => void;
}): Promise<ClusterProxy>;

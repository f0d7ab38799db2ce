import { expect } from 'vitest';
import type { ServiceProcess } from './child-process.ts';

export interface KeptMemory {
  rss: number;
  heapUsed: number;
}

/**
 * Reads a gateway child process's memory after a full garbage collection: SIGUSR2 makes
 * test/faults/gateway-main.ts collect and print `{"memory": …}` on its stdout. Call once per process, right
 * after spawning it; the returned function asks for one reading and waits for it.
 */
export function keptMemoryOf(service: ServiceProcess): () => Promise<KeptMemory> {
  const readings: KeptMemory[] = [];
  service.child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.startsWith('{"memory"')) readings.push((JSON.parse(line) as { memory: KeptMemory }).memory);
  });
  return async () => {
    const n = readings.length;
    service.child.kill('SIGUSR2');
    await expect.poll(() => readings.length, { timeout: 10_000 }).toBe(n + 1);
    return readings[n]!;
  };
}

export function pingRedis(host: string, port: number, timeoutMs?: number): Promise<boolean>;
export function ensureRedis(url?: string): Promise<{ started: boolean }>;
export function flushRedisDatabase(url: string): Promise<void>;

/** Settings every script reads from `-e NAME=value` (k6's __ENV), with defaults for a local `npm start`. */

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

export const num = (name: string, fallback: number): number => {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`-e ${name}=${raw} is not a number`);
  return value;
};

export const str = (name: string, fallback: string): string => __ENV[name] || fallback;

/** k6 durations ('30s', '5m', '1h') from an env var. */
export const duration = (name: string, fallback: string): string => __ENV[name] || fallback;

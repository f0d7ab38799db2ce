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

/**
 * Each simulated visitor's own address, sent as X-Forwarded-For, as fans reach the site through a balancer
 * from many addresses: a deployment that trusts its proxy (TRUST_PROXY) then limits each visitor apart, as
 * it would real fans. ADDRESSES=off sends none: every request then comes from the load generator's one
 * address, and per-address limits (sign-in, registration, connections) throttle the run.
 */
export const SPREAD_ADDRESSES = str('ADDRESSES', 'spread') !== 'off';

/** 10.x.y.z for visitor n (16.7 million distinct). */
export const addressOf = (n: number): string => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

/** The headers that say which visitor a request comes from. */
export const visitorHeaders = (n: number): Record<string, string> =>
  SPREAD_ADDRESSES ? { 'X-Forwarded-For': addressOf(n) } : {};

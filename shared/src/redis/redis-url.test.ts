import { describe, expect, it } from 'vitest';
import { clusterNodeOptions, parseRedisUrl, redisConnectionOptions, RedisUrlSchema } from './redis-url.ts';

describe('REDIS_URL', () => {
  it('keeps every part: host, port, database, user, password (percent-decoded), TLS', () => {
    expect(redisConnectionOptions('rediss://ops%40pitch:p%40ss%3Aw%2Frd@cache.example:6380/11')).toEqual({
      host: 'cache.example',
      port: 6380,
      db: 11,
      username: 'ops@pitch',
      password: 'p@ss:w/rd',
      tls: {},
    });
  });

  it('defaults: port 6379, database 0, no credentials, no TLS; a password without a user is kept', () => {
    expect(redisConnectionOptions('redis://127.0.0.1')).toEqual({ host: '127.0.0.1', port: 6379, db: 0 });
    expect(redisConnectionOptions('redis://:secret@[::1]:7000/')).toEqual({
      host: '::1',
      port: 7000,
      db: 0,
      password: 'secret',
    });
  });

  it('refuses what it would not honour, naming it', () => {
    expect(() => parseRedisUrl('http://127.0.0.1:6379')).toThrow(/scheme http: is not redis/);
    expect(() => parseRedisUrl('redis://127.0.0.1:6379/cache')).toThrow(/not a database number/);
    expect(() => parseRedisUrl('redis://127.0.0.1:6379?db=3')).toThrow(/query and fragment/);
    expect(() => parseRedisUrl('127.0.0.1:6379')).toThrow();
    const bad = RedisUrlSchema.safeParse('redis://127.0.0.1/x');
    expect(bad.success).toBe(false);
    expect(RedisUrlSchema.parse(undefined)).toBe('redis://127.0.0.1:6379');
  });

  it("gives a Cluster's nodes the credentials and TLS, and refuses a database a Cluster does not have", () => {
    expect(clusterNodeOptions('rediss://u:p@node:7000')).toEqual({ username: 'u', password: 'p', tls: {} });
    expect(() => clusterNodeOptions('redis://node:7000/4')).toThrow(/database 4.*database 0 only/);
  });
});

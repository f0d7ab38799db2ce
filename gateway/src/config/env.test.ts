import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it("defaults the streams to the embedded simulator's address, and says so", () => {
    const env = readEnv({});
    expect(env.STREAMS_API_URL).toBe('http://127.0.0.1:4010');
    expect(env.streamsFromSimulator).toBe(true);
  });

  it('takes a streaming provider of its own (set, not empty) over the simulator', () => {
    expect(readEnv({ STREAMS_API_URL: 'https://streams.example/api' })).toMatchObject({
      STREAMS_API_URL: 'https://streams.example/api',
      streamsFromSimulator: false,
    });
    expect(readEnv({ STREAMS_API_URL: '' }).streamsFromSimulator).toBe(true);
  });

  it('has no simulator streams behind a real game provider', () => {
    const env = readEnv({ PROVIDER: 'api-football' });
    expect(env.STREAMS_API_URL).toBeUndefined();
    expect(env.streamsFromSimulator).toBe(false);
  });

  it('reads the per-address socket limits as new/seconds/open, or off, and names a bad value', () => {
    expect(readEnv({}).SOCKET_ADDRESS_LIMITS).toBeUndefined();
    expect(readEnv({ SOCKET_ADDRESS_LIMITS: '50/10/200' }).SOCKET_ADDRESS_LIMITS).toEqual({
      perWindow: 50,
      windowS: 10,
      concurrent: 200,
    });
    expect(readEnv({ SOCKET_ADDRESS_LIMITS: 'off' }).SOCKET_ADDRESS_LIMITS).toBe(false);
    expect(() => readEnv({ SOCKET_ADDRESS_LIMITS: '50 a second' })).toThrow(/SOCKET_ADDRESS_LIMITS/);
  });
});

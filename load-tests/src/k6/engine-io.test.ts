import { describe, expect, it } from 'vitest';
import { CONNECT, PONG, decode, encodeEvent, socketUrl } from '../../k6/lib/engine-io.ts';

describe('Engine.IO v4 / Socket.IO v5 framing (k6 lib)', () => {
  it('builds the websocket URL of a site', () => {
    expect(socketUrl('http://127.0.0.1:8080')).toBe(
      'ws://127.0.0.1:8080/socket.io/?EIO=4&transport=websocket',
    );
    expect(socketUrl('https://pitchside.example/')).toBe(
      'wss://pitchside.example/socket.io/?EIO=4&transport=websocket',
    );
  });

  it('decodes the Engine.IO packets', () => {
    expect(
      decode('0{"sid":"abc","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}'),
    ).toEqual({
      type: 'open',
      handshake: { sid: 'abc', upgrades: [], pingInterval: 25000, pingTimeout: 20000, maxPayload: 1000000 },
    });
    expect(decode('2')).toEqual({ type: 'ping' });
    expect(decode('3')).toEqual({ type: 'pong' });
    expect(decode('1')).toEqual({ type: 'close' });
    expect(decode('6')).toEqual({ type: 'noop' });
    expect(decode('0not json').type).toBe('unknown');
    expect(PONG).toBe('3');
    expect(CONNECT).toBe('40');
  });

  it('decodes Socket.IO connect, events, acks, errors and namespaces', () => {
    expect(decode('40{"sid":"xyz"}')).toEqual({ type: 'connect', nsp: '/', sid: 'xyz' });
    expect(decode('42["match:updated",{"seq":3}]')).toEqual({
      type: 'event',
      nsp: '/',
      name: 'match:updated',
      args: [{ seq: 3 }],
      ackId: null,
    });
    expect(decode('4212["ping?"]')).toMatchObject({ type: 'event', ackId: 12, name: 'ping?' });
    expect(decode('430[{"data":{"seq":1}}]')).toEqual({
      type: 'ack',
      nsp: '/',
      id: 0,
      args: [{ data: { seq: 1 } }],
    });
    expect(decode('43117[{"error":{"code":"x"}}]')).toMatchObject({ type: 'ack', id: 117 });
    expect(decode('44{"message":"request:origin-forbidden"}')).toEqual({
      type: 'connect_error',
      nsp: '/',
      message: 'request:origin-forbidden',
    });
    expect(decode('41')).toEqual({ type: 'disconnect', nsp: '/' });
    expect(decode('42/admin,["queue:depth",1]')).toMatchObject({
      type: 'event',
      nsp: '/admin',
      name: 'queue:depth',
    });
    expect(decode('40/admin,{"sid":"s"}')).toEqual({ type: 'connect', nsp: '/admin', sid: 's' });
    expect(decode('42[not json').type).toBe('unknown');
    expect(decode('43[1]').type).toBe('unknown'); // an ack without an id
  });

  it('encodes events, with and without an ack id', () => {
    expect(encodeEvent('match:subscribe', [{ matchId: '1' }])).toBe('42["match:subscribe",{"matchId":"1"}]');
    expect(encodeEvent('match:subscribe', [{ matchId: '1' }], 0)).toBe(
      '420["match:subscribe",{"matchId":"1"}]',
    );
    const roundTrip = decode(encodeEvent('a', [1, 'b'], 41));
    expect(roundTrip).toEqual({ type: 'event', nsp: '/', name: 'a', args: [1, 'b'], ackId: 41 });
  });
});

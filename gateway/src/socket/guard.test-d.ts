import type { Socket } from 'socket.io';
import { describe, expectTypeOf, it } from 'vitest';
import { ContentSubscribeSchema } from '@pitchside/shared/content';
import {
  MatchSubscribeSchema,
  MatchUnsubscribeSchema,
  type ClientToServerEvents,
  type InterServerEvents,
  type MatchSubscribeResult,
  type ServerToClientEvents,
  type SocketData,
} from '@pitchside/shared/protocol';
import { guarded, type RequestAnswer } from './guard.ts';

/**
 * The socket protocol checked on the gateway's side: a request handler answers with the ack the shared
 * protocol declares for its event, or `npm run typecheck` (and vitest's typecheck in `npm test`) fails.
 * Each `@ts-expect-error` below is a handler that must not compile: were it accepted, the directive would
 * be unused, itself an error.
 */
type ViewerSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
const socket = {} as ViewerSocket;
const unexpected = () => {};

describe('the ack a request handler answers with', () => {
  it('is the data of the ack its event declares in ClientToServerEvents', () => {
    expectTypeOf<RequestAnswer<'match:subscribe'>>().toEqualTypeOf<MatchSubscribeResult>();
    expectTypeOf<RequestAnswer<'match:unsubscribe'>>().toEqualTypeOf<{ matchId: string }>();
    expectTypeOf<RequestAnswer<'scoreboard:unsubscribe'>>().toEqualTypeOf<{ room: string }>();
  });

  it('compiles when the handler answers with that shape', () => {
    const listener = guarded(
      'match:unsubscribe',
      MatchUnsubscribeSchema,
      async (_socket: ViewerSocket, { matchId }) => ({ matchId }),
      unexpected,
    );
    socket.on('match:unsubscribe', listener);
  });

  it('rejects an answer of another shape', () => {
    guarded(
      'match:unsubscribe',
      MatchUnsubscribeSchema,
      // @ts-expect-error match:unsubscribe answers { matchId }, not { room }
      async (_socket: ViewerSocket, { matchId }) => ({ room: matchId }),
      unexpected,
    );
    guarded(
      'match:subscribe',
      MatchSubscribeSchema,
      // @ts-expect-error a snapshot answer carries the match's detail, not its id alone
      async (_socket: ViewerSocket, { matchId }) => ({
        kind: 'snapshot' as const,
        epoch: 'e',
        seq: 1,
        matchId,
      }),
      unexpected,
    );
  });

  it('rejects a schema that does not parse to the payload the event declares', () => {
    guarded(
      'match:subscribe',
      // @ts-expect-error content:subscribe's schema does not parse a match:subscribe payload
      ContentSubscribeSchema,
      async (_socket: ViewerSocket) => ({ kind: 'deltas' as const, epoch: 'e', seq: 1, deltas: [] }),
      unexpected,
    );
  });

  it('rejects a listener registered for another event than its own', () => {
    const unsubscribe = guarded(
      'match:unsubscribe',
      MatchUnsubscribeSchema,
      async (_socket: ViewerSocket, { matchId }) => ({ matchId }),
      unexpected,
    );
    // @ts-expect-error match:unsubscribe's listener answers { matchId }, match:subscribe's client awaits a snapshot
    socket.on('match:subscribe', unsubscribe);
  });
});

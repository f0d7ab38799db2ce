import '../zod-browser.ts';
import { z } from 'zod';
import { ContentChangedSchema } from '@pitchside/shared/content';
import { ContentSubscribedSchema } from '@pitchside/shared/content';
import { MatchDeltaSchema } from '@pitchside/shared/domain';
import {
  MatchSubscribeResultSchema,
  MatchUnsubscribeSchema,
  ScoreboardSnapshotSchema,
  ScoreboardUpdateSchema,
} from '@pitchside/shared/protocol';
import { readEnvelope, type Parser } from '../envelope.ts';
import type { LiveRequest, RequestAck } from './live-channel.ts';

type AckData<E extends LiveRequest> = Extract<RequestAck<E>, { data: unknown }>['data'];

/** Each request's answer, by event: shared's schemas (the unsubscribe answers only echo what was left). */
const ACK_PARSERS: { [E in LiveRequest]: Parser<AckData<E>> } = {
  'match:subscribe': MatchSubscribeResultSchema,
  'match:unsubscribe': MatchUnsubscribeSchema,
  'scoreboard:subscribe': ScoreboardSnapshotSchema,
  'scoreboard:unsubscribe': z.object({ room: z.string() }),
  'content:subscribe': ContentSubscribedSchema,
  'content:unsubscribe': z.object({ topic: z.string() }),
};

/**
 * What the socket receives is parsed here, at the boundary: shared's schemas for the pushes and for each
 * request's answer. With zod, a chunk of its own: live-connection.ts loads it once socket.io is running,
 * after the page is hydrated (the first view needs neither).
 */
export { ContentChangedSchema, MatchDeltaSchema, ScoreboardUpdateSchema };

/**
 * Reads a request's answer: parsed with the event's schema; a malformed one becomes 'server:internal',
 * which the stores treat like any other refusal.
 */
export function readAck<E extends LiveRequest>(event: E, raw: unknown): RequestAck<E> {
  return readEnvelope(raw, ACK_PARSERS[event] as Parser<AckData<E>>) as RequestAck<E>;
}

import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { PitchsideError, type ErrorCode } from '@pitchside/shared/errors';
import { requestLog } from './request-id.ts';
import { isRedisUnavailable } from '../lib/redis-client.ts';

const STATUS: Partial<Record<ErrorCode, number>> = {
  'request:invalid': 400,
  'request:payload-too-large': 413,
  'request:rate-limited': 429,
  'request:origin-forbidden': 403,
  'resource:not-found': 404,
  'match:not-found': 404,
  'competition:not-found': 404,
  'team:not-found': 404,
  'sport:not-found': 404,
  'server:unavailable': 503,
  // Accounts. 401 means "your token or credential is not good: sign in (again)"; 403 "you are known, but
  // may not do this"; the client tells them apart by code, never by status alone.
  'auth:unauthenticated': 401,
  'auth:token-expired': 401,
  'auth:token-invalid': 401,
  'auth:session-revoked': 401,
  'auth:refresh-invalid': 401,
  'auth:session-expired': 401,
  'auth:invalid-credential': 401,
  'auth:wrong-password': 403,
  'auth:requires-recent-login': 403,
  'auth:user-disabled': 403,
  'auth:forbidden': 403,
  'auth:email-already-in-use': 409,
  'auth:account-exists-with-different-credential': 409,
  'auth:weak-password': 400,
  'auth:expired-action-code': 400,
  'auth:invalid-state': 400,
  'auth:popup-closed-by-user': 400,
  'auth:too-many-requests': 429,
  'auth:provider-unavailable': 404,
  'auth:provider-failed': 502,
  'auth:network-request-failed': 503,
  // Payments. Webhook refusals are 400 so the provider retries (a key rotating) or shows the failure in its
  // dashboard; an unknown event is answered 200 by the webhook route itself, so it is never resent.
  'payment:signature-invalid': 400,
  'payment:signature-expired': 400,
  'payment:cert-untrusted': 400,
  'payment:payload-invalid': 400,
  'payment:provider-failed': 502,
  'payment:provider-unavailable': 503,
  'payment:not-approved': 409,
  'payment:checkout-not-found': 404,
  'payment:method-unavailable': 400,
  'plan:not-found': 404,
  'plan:price-unavailable': 400,
  'plan:exists': 409,
  'deal:not-found': 404,
  'deal:exists': 409,
  'order:not-found': 404,
  'stream:not-entitled': 403,
  'stream:not-found': 404,
  'stream:token-invalid': 403,
  'stream:token-expired': 403,
  'stream:unavailable': 503,
  'content:not-found': 404,
  'content:exists': 409,
  'content:invalid-video': 400,
};

/** An error the client may retry after a while: answered with a Retry-After header (seconds). */
export class RetryAfterError extends PitchsideError {
  constructor(
    code: ErrorCode,
    readonly retryAfterS: number,
    message?: string,
  ) {
    super(code, message);
  }
}

export const sendError = (res: Response, error: PitchsideError): void => {
  if (error instanceof RetryAfterError)
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterS))));
  res.status(STATUS[error.code] ?? 500).json({ error: error.toBody() });
};

/** Parses request input with a zod schema; a failure becomes a 400 listing every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new PitchsideError(
    'request:invalid',
    'The request parameters are not valid.',
    // zod's issue code (too_small, invalid_format, ...) lets a form say what is wrong in the user's language.
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
  );
}

/** Redis is down or hung: 503 and when to try again, at once, for every request that needs it. */
export const redisDown = () =>
  new RetryAfterError('server:unavailable', REDIS_RETRY_AFTER_S, 'The live data is not available right now.');
const REDIS_RETRY_AFTER_S = 5;

export const notFoundHandler: RequestHandler = (_req, res) =>
  sendError(res, new PitchsideError('resource:not-found'));

/** The last handler: our errors keep their code; anything else is logged and becomes a bare 500. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      // Halfway through a body (a page whose render failed while streaming): Express's own last handler
      // cuts the connection, so the visitor never takes the half for a whole page.
      requestLog(res, logger).error({ err: error }, 'response failed after it started');
      return next(error);
    }
    if (error instanceof PitchsideError) return sendError(res, error);
    if (isRedisUnavailable(error)) return sendError(res, redisDown());
    // body-parser and friends mark client mistakes with a status below 500.
    const status = (error as { status?: number }).status;
    if (status === 413) return sendError(res, new PitchsideError('request:payload-too-large'));
    if (status && status >= 400 && status < 500) return sendError(res, new PitchsideError('request:invalid'));
    requestLog(res, logger).error({ err: error }, 'request failed');
    return sendError(res, new PitchsideError('server:internal'));
  };

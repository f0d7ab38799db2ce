import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { PitchsideError, type ErrorCode } from '@pitchside/shared/errors';

const STATUS: Partial<Record<ErrorCode, number>> = {
  'request:invalid': 400,
  'request:payload-too-large': 413,
  'request:rate-limited': 429,
  'resource:not-found': 404,
  'match:not-found': 404,
  'competition:not-found': 404,
  'team:not-found': 404,
  'sport:not-found': 404,
  'server:unavailable': 503,
};

export const sendError = (res: Response, error: PitchsideError): void => {
  res.status(STATUS[error.code] ?? 500).json({ error: error.toBody() });
};

/** Parses request input with a zod schema; a failure becomes a 400 listing every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new PitchsideError(
    'request:invalid',
    'The request parameters are not valid.',
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

export const notFoundHandler: RequestHandler = (_req, res) =>
  sendError(res, new PitchsideError('resource:not-found'));

/** The last handler: our errors keep their code; anything else is logged and becomes a bare 500. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, _req, res, _next) => {
    if (error instanceof PitchsideError) return sendError(res, error);
    // body-parser and friends mark client mistakes with a status below 500.
    const status = (error as { status?: number }).status;
    if (status === 413) return sendError(res, new PitchsideError('request:payload-too-large'));
    if (status && status >= 400 && status < 500) return sendError(res, new PitchsideError('request:invalid'));
    logger.error({ err: error }, 'request failed');
    return sendError(res, new PitchsideError('server:internal'));
  };

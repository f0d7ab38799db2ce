import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/**
 * An id a proxy or a client sent is kept when it looks like one (a UUID, a hex trace id, nginx's
 * $request_id): short, and nothing that could forge a log line or a header.
 */
const VALID_REQUEST_ID = /^[\w.:-]{8,128}$/;

/**
 * Gives every request an id and a pino child logger carrying it (`res.locals.log`, read with requestLog()):
 * the incoming X-Request-Id when valid, so one id follows a request through the proxy, else a new UUID. The id
 * goes back in the response header, and one line is logged when the response is finished (pino-http is not
 * a dependency; this is the part of it we need). Query strings stay out of the log: they carry reset tokens.
 */
export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    const id = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    const log = logger.child({ reqId: id });
    res.locals.log = log;
    const started = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      log[level](
        {
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status,
          ms: Math.round(performance.now() - started),
        },
        'request finished',
      );
    });
    next();
  };
}

/** The request's logger (with its id), or `fallback` outside requestId()'s reach. */
export const requestLog = (res: Response, fallback: Logger): Logger =>
  (res.locals.log as Logger | undefined) ?? fallback;

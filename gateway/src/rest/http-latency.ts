import type { Request, RequestHandler, Response } from 'express';
import type { GatewayMetrics } from '../metrics.ts';

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Times every HTTP request into `gateway_http_request_duration_seconds` (metrics.ts), by method, route and
 * status class. The route is the pattern that answered (`/api/matches/:id`), never the URL, so the label set
 * stays bounded whatever clients ask for: server-rendered pages are `page`, files `static`, unknown API paths
 * `/api/*`. Socket.IO's requests never reach Express and are not counted here (see gateway_sockets).
 */
export function httpLatency(histogram: GatewayMetrics['httpDuration']): RequestHandler {
  return (req, res, next) => {
    const end = histogram.startTimer();
    res.once('finish', () =>
      end({
        method: METHODS.has(req.method) ? req.method : 'other',
        route: routeLabel(req, res),
        status: `${Math.floor(res.statusCode / 100)}xx`,
      }),
    );
    next();
  };
}

function routeLabel(req: Request, res: Response): string {
  // Set by a handler answering before any route (web/site.ts's kept pages).
  if (typeof res.locals.routeLabel === 'string') return res.locals.routeLabel;
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  if (route) return 'page'; // the website's catch-all is a RegExp route (web/site.ts)
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path.startsWith('/api/')) return '/api/*';
  return req.method === 'GET' || req.method === 'HEAD' ? 'static' : 'other';
}

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Resvg } from '@resvg/resvg-js';
import type { Logger } from 'pino';
import {
  errorEnvelope,
  envelope,
  apiDate,
  type ApiEnvelope,
  type Parameters,
} from './api-football-format.ts';
import { API_PATHS, answerEndpoint } from './api-endpoints.ts';
import { answerBasketballEndpoint, BASKETBALL_API_PATHS } from './basketball/api-basketball-endpoints.ts';
import type { BasketballSchedule } from './basketball/basketball-schedule.ts';
import type { MatchDay } from './match-day.ts';
import { mediaUrls, type MediaUrls } from './media.ts';
import type { RequestBudget } from './rate-limit.ts';
import { articleImageSvg, articlePageHtml, findArticle, renderMatchFeed } from './rss-feed.ts';
import type { SimClock } from './sim-clock.ts';
import { flagSvg, leagueLogoSvg, personSvg, teamBadgeSvg, venueSvg } from './svg-images.ts';
import { FINISHED, IN_PLAY, fixtureStateAt } from './match-state.ts';
import { livePlaylist, STREAM_FEEDS, streamFile } from './streams/live-stream.ts';
import { highlightClips, onDemandFile } from './streams/highlights.ts';

/**
 * The simulator's HTTP surface on node:http. API paths answer like v3.football.api-sports.io (also under
 * a "/v3" prefix, like the RapidAPI host): key check, rate limit, the envelope. Images, the RSS feed and
 * its article pages are served beside them and are not counted against the API budget, as
 * media.api-sports.io is not.
 */

export interface ServerDeps {
  schedule: MatchDay;
  /** The basketball games, served in API-Basketball's format under /basketball. */
  basketball: BasketballSchedule;
  clock: SimClock;
  /** Where links point; known once the server listens. */
  media: () => MediaUrls;
  budget: RequestBudget;
  /** API-Basketball is a subscription of its own, with its own quota. */
  basketballBudget: RequestBudget;
  apiKey: string | undefined;
  logger: Logger;
}

type Reply = { status: number; type: string; body: string | Buffer; headers?: Record<string, string> };

const JSON_TYPE = 'application/json; charset=utf-8';
const SVG_TYPE = 'image/svg+xml';
const PNG_TYPE = 'image/png';

/** Rendered PNG logos by path. Only known ids get in, so it is bounded by the teams and competitions. */
type PngCache = Map<string, Buffer>;

export function createRequestListener(deps: ServerDeps): RequestListener {
  const log = deps.logger.child({ module: 'simulator-http' });
  const pngs: PngCache = new Map();
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    let reply: Reply;
    try {
      reply = route(req, deps, pngs);
    } catch (err) {
      log.error({ err, url: req.url }, 'simulator request failed');
      reply = json(500, errorEnvelope('', {}, { server: 'The simulator failed to answer this request.' }));
    }
    res.writeHead(reply.status, {
      'content-type': reply.type,
      'access-control-allow-origin': '*',
      'cache-control': reply.type.startsWith('image/') ? 'public, max-age=86400' : 'no-store',
      ...reply.headers,
    });
    res.end(req.method === 'HEAD' ? undefined : reply.body);
    log.debug(
      { method: req.method, url: req.url, status: reply.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };
}

function route(req: IncomingMessage, deps: ServerDeps, pngs: PngCache): Reply {
  const url = new URL(req.url ?? '/', 'http://simulator.invalid');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return json(405, errorEnvelope('', {}, { method: 'Only GET requests are accepted.' }), {
      allow: 'GET, HEAD',
    });
  }
  const nowMs = deps.clock.nowMs();
  const media = deps.media();
  const { schedule } = deps;
  let m: RegExpExecArray | null;

  if (path === '/') {
    return json(200, {
      name: 'Pitchside simulated game API (API-Football v3 format)',
      now: apiDate(nowMs),
      // Ingest reads its "today" from these two (ingest/src/providers/simulator/simulator-clock.ts).
      nowMs,
      timeScale: deps.clock.timeScale,
      endpoints: API_PATHS.map((p) => `/${p}`),
      basketball: BASKETBALL_API_PATHS.map((p) => `/basketball/${p}`),
      feed: media.feed(),
    });
  }
  if (path.startsWith('/basketball/'))
    return basketballRoute(path.slice('/basketball'.length), url, req, deps, pngs);
  // Logos are PNG, as on media.api-sports.io; the SVG they are drawn from stays served for links stored before.
  if ((m = /^\/logos\/teams\/(\d+)\.(svg|png)$/.exec(path))) {
    const team = schedule.team(Number(m[1]));
    if (!team) return notFound();
    const { primary, number } = team.squad.colors.player;
    return logo(m[2]!, path, pngs, () => teamBadgeSvg(team.name, primary, number));
  }
  if ((m = /^\/logos\/leagues\/(\d+)\.(svg|png)$/.exec(path))) {
    const competition = schedule.competition(Number(m[1]));
    if (!competition) return notFound();
    return logo(m[2]!, path, pngs, () => leagueLogoSvg(competition.name, competition.type));
  }
  if ((m = /^\/flags\/([a-z]{2}(?:-[a-z]{3})?)\.svg$/.exec(path))) return svg(flagSvg(m[1]!));
  if ((m = /^\/photos\/(players|coachs)\/(\d+)\.svg$/.exec(path))) return svg(personSvg(`${m[1]} ${m[2]}`));
  if ((m = /^\/venues\/(\d+)\.svg$/.exec(path))) {
    const team = schedule.teams.find((t) => t.venue?.id === Number(m![1]));
    return team?.venue ? svg(venueSvg(team.venue.name)) : notFound();
  }
  if (path === '/streams' || path.startsWith('/streams/')) return streamsRoute(path, url, nowMs, deps);
  if (path === '/highlights') return highlightsRoute(url, nowMs, deps);
  if (path === '/rss/matches.xml') {
    return {
      status: 200,
      type: 'application/rss+xml; charset=utf-8',
      body: renderMatchFeed(schedule, nowMs, media),
    };
  }
  if ((m = /^\/rss\/images\/(\d+)-(preview|report)\.svg$/.exec(path))) {
    const fixture = schedule.fixture(Number(m[1]), nowMs);
    return fixture ? svg(articleImageSvg(fixture, m[2] as 'preview' | 'report')) : notFound();
  }
  if ((m = /^\/news\/matches\/(\d+)\/(preview|report)$/.exec(path))) {
    const item = findArticle(schedule, Number(m[1]), m[2] as 'preview' | 'report', nowMs, media);
    return item
      ? { status: 200, type: 'text/html; charset=utf-8', body: articlePageHtml(item) }
      : {
          status: 404,
          type: 'text/html; charset=utf-8',
          body: '<!doctype html><title>Not published</title><p>This article is not published (yet).</p>',
        };
  }

  const apiPath = path.replace(/^\/v3(?=\/)/, '').slice(1);
  const params: Parameters = Object.fromEntries(url.searchParams.entries());
  return api(apiPath, params, req, deps, deps.budget, () =>
    answerEndpoint(apiPath, params, { schedule: deps.schedule, nowMs, media }),
  );
}

/** API-Basketball (`/basketball/games`, also `/basketball/v1/games`) and the images its answers link to. */
function basketballRoute(
  path: string,
  url: URL,
  req: IncomingMessage,
  deps: ServerDeps,
  pngs: PngCache,
): Reply {
  const { basketball } = deps;
  let m: RegExpExecArray | null;
  if ((m = /^\/logos\/teams\/(\d+)\.(svg|png)$/.exec(path))) {
    const team = basketball.team(Number(m[1]));
    if (!team) return notFound();
    const { primary, secondary } = team.colors;
    return logo(m[2]!, `/basketball${path}`, pngs, () => teamBadgeSvg(team.name, primary, secondary));
  }
  if ((m = /^\/logos\/leagues\/(\d+)\.(svg|png)$/.exec(path))) {
    const league = basketball.league(Number(m[1]));
    if (!league) return notFound();
    return logo(m[2]!, `/basketball${path}`, pngs, () => leagueLogoSvg(league.name, 'League'));
  }
  if ((m = /^\/flags\/([a-z]{2})\.svg$/.exec(path))) return svg(flagSvg(m[1]!));
  const apiPath = path.replace(/^\/v1(?=\/)/, '').slice(1);
  const params: Parameters = Object.fromEntries(url.searchParams.entries());
  const ctx = { schedule: basketball, nowMs: deps.clock.nowMs(), media: basketballMedia(deps.media()) };
  return api(apiPath, params, req, deps, deps.basketballBudget, () =>
    answerBasketballEndpoint(apiPath, params, ctx),
  );
}

/**
 * The streaming side (streams/live-stream.ts): `/streams?fixture={id}` lists a fixture's feeds while it is in
 * play; `/streams/live/{fixture}/{feed}/index.m3u8` and the files beside it are the feed. Like the images,
 * not counted against the API budget: a streaming provider is a different service with its own terms.
 */
function streamsRoute(path: string, url: URL, nowMs: number, deps: ServerDeps): Reply {
  const inPlay = (id: number) => {
    const fixture = deps.schedule.fixture(id, nowMs);
    return fixture !== undefined && IN_PLAY.has(fixtureStateAt(fixture, nowMs).status.short);
  };
  if (path === '/streams') {
    const fixture = url.searchParams.get('fixture') ?? '';
    const id = /^\d{1,12}$/.test(fixture) ? Number(fixture) : null;
    const base = `${deps.media().base}/streams/live/${fixture}`;
    const feeds = id !== null && inPlay(id) ? STREAM_FEEDS : [];
    return json(200, {
      get: 'streams',
      parameters: { fixture },
      results: feeds.length,
      response: feeds.map((f) => ({ ...f, hls: `${base}/${f.id}/index.m3u8` })),
    });
  }
  const onDemand = onDemandFile(path, Date.now());
  if (onDemand) {
    return {
      status: 200,
      type: onDemand.type,
      body: onDemand.body,
      headers: { 'cache-control': onDemand.cache },
    };
  }
  const m = /^\/streams\/live\/(\d{1,12})\/([a-z]+)\/([\w.-]+)$/.exec(path);
  if (!m || !inPlay(Number(m[1])) || !STREAM_FEEDS.some((f) => f.id === m[2])) return notFound();
  // The video runs on the wall clock: a 2 s segment takes 2 s whatever the simulated time scale.
  const wallMs = Date.now();
  if (m[3] === 'index.m3u8') {
    return {
      status: 200,
      type: 'application/vnd.apple.mpegurl',
      body: livePlaylist(wallMs),
      headers: { 'cache-control': 'no-cache' },
    };
  }
  const file = streamFile(m[3]!, wallMs);
  return file
    ? { status: 200, type: file.type, body: file.body, headers: { 'cache-control': 'public, max-age=60' } }
    : notFound();
}

/**
 * `/highlights?fixture={id}` (streams/highlights.ts): a finished fixture's clips, nothing for any other.
 * The streaming side again: not counted against the API budget.
 */
function highlightsRoute(url: URL, nowMs: number, deps: ServerDeps): Reply {
  const param = url.searchParams.get('fixture') ?? '';
  const fixture = /^\d{1,12}$/.test(param) ? deps.schedule.fixture(Number(param), nowMs) : undefined;
  const finished = fixture !== undefined && FINISHED.has(fixtureStateAt(fixture, nowMs).status.short);
  const clips = finished ? highlightClips(fixture, deps.media().base) : [];
  return json(200, {
    get: 'highlights',
    parameters: { fixture: param },
    results: clips.length,
    response: clips,
  });
}

/** Basketball images live under /basketball on the same server. */
export const basketballMedia = (media: MediaUrls): MediaUrls => mediaUrls(`${media.base}/basketball`);

function api(
  path: string,
  params: Parameters,
  req: IncomingMessage,
  deps: ServerDeps,
  budget: RequestBudget,
  answerPath: () => ApiEnvelope<unknown> | null,
): Reply {
  if (deps.apiKey !== undefined) {
    const key = header(req, 'x-apisports-key') ?? header(req, 'x-rapidapi-key');
    // Probed on the real API: no key at all is HTTP 403 with an empty "get"; a wrong key is HTTP 200.
    if (key === undefined) {
      return json(
        403,
        errorEnvelope(
          '',
          {},
          {
            token: 'Missing application key, Check our documentation on how to add your API key in headers.',
          },
        ),
      );
    }
    if (key !== deps.apiKey) {
      return json(
        200,
        errorEnvelope(path, params, {
          token:
            'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.',
        }),
      );
    }
  }
  if (path === 'status') {
    const usage = budget.usage();
    return json(
      200,
      envelope('status', params, {
        account: { firstname: 'Pitchside', lastname: 'Simulator', email: 'simulator@pitchside.invalid' },
        subscription: {
          plan: 'Simulator',
          end: apiDate(deps.clock.nowMs() + 365 * 86_400_000),
          active: true,
        },
        requests: { current: usage.today, limit_day: budget.perDay },
      }),
    );
  }

  const decision = budget.take();
  if (!decision.allowed) {
    const headers = { ...decision.headers, 'retry-after': String(decision.retryAfterSeconds ?? 60) };
    return decision.refusedBy === 'minute'
      ? json(
          429,
          errorEnvelope(path, params, {
            rateLimit:
              'Too many requests. You have exceeded the limit of requests per minute of your subscription.',
          }),
          headers,
        )
      : json(
          200,
          errorEnvelope(path, params, {
            requests:
              'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
          }),
          headers,
        );
  }
  const answer = answerPath();
  if (!answer)
    return json(
      404,
      errorEnvelope(path, params, { endpoint: 'This endpoint do not exist.' }),
      decision.headers,
    );
  return json(200, answer, decision.headers);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, type: JSON_TYPE, body: JSON.stringify(body), headers };
}

function svg(body: string): Reply {
  return { status: 200, type: SVG_TYPE, body };
}

/**
 * A logo as SVG, or as PNG: rendered on its first request (a few ms, on the event loop, once per logo) and
 * kept under the request's full path.
 */
function logo(extension: string, key: string, pngs: PngCache, draw: () => string): Reply {
  if (extension === 'svg') return svg(draw());
  let body = pngs.get(key);
  if (!body) {
    body = svgToPng(draw());
    pngs.set(key, body);
  }
  return { status: 200, type: PNG_TYPE, body };
}

/**
 * 120 px wide, the SVGs' own width: twice the largest crest the website shows (56 CSS px). The badges ask
 * for "Arial, Helvetica, sans-serif"; where none of those is installed (Linux, as a rule) resvg-js maps
 * sans-serif to `defaultFontFamily`, and if that is missing too, to the first system font it finds. With no
 * font at all the text is left out: the badge is still drawn, shape and colours, without its initials.
 */
function svgToPng(svg: string): Buffer {
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: 120 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
}

function notFound(): Reply {
  return { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found' };
}

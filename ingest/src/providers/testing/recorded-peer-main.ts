import { parseArgs } from 'node:util';
import { RECORDED_PROVIDERS, RECORDINGS, startRecordedPeer, type RecordedProvider } from './recorded-peer.ts';
import { DEFAULT_BUDGET } from './recorded-peer.ts';

/**
 * `npm run peer:recorded -- --provider football-data`: a real provider's recorded answers served as the provider
 * serves them (envelope, headers, per-minute limit), re-timed so the recorded matches play today: the first one
 * decided in extra time or on penalties kicks off a couple of minutes from now and plays through to its
 * shoot-out, the rest keep their recorded distance from it. It prints the environment `npm start` reads it with.
 */

const USAGE = `Usage: npm run peer:recorded -- --provider <api-football|football-data> [options]

  --provider P      whose recorded answers to serve: api-football or football-data
  --port N          port to listen on (default 4020; 0 for any free one)
  --host H          address to listen on (default 127.0.0.1)
  --speed X         how much faster than the recording the replay runs (default 1: a match takes its 2 h 40)
  --kickoff-in M    real minutes until the first match kicks off (default 2; from 1 on, on a whole minute)
  --match ID        the match that kicks off then (default: the first decided in extra time or on penalties)
  --per-minute N    calls answered a minute (default: football-data 10, its free tier; api-football 300)
  --quiet           do not print each request
  --help            this text`;

/** For the person at the terminal (the project keeps `console.log` out of services' code). */
const out = (text: string) => process.stdout.write(`${text}\n`);

function fail(message: string): never {
  console.error(`peer:recorded: ${message}\n\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    strict: true,
    allowPositionals: false,
    options: {
      provider: { type: 'string' },
      port: { type: 'string', default: '4020' },
      host: { type: 'string', default: '127.0.0.1' },
      speed: { type: 'string', default: '1' },
      'kickoff-in': { type: 'string', default: '2' },
      match: { type: 'string' },
      'per-minute': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  out(USAGE);
  process.exit(0);
}

const provider = values.provider as RecordedProvider | undefined;
if (provider === undefined) fail('--provider is required');
if (!RECORDED_PROVIDERS.includes(provider))
  fail(`--provider must be api-football or football-data, not "${provider}"`);
const number = (name: string, raw: string, ok: (n: number) => boolean, what: string): number => {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || !ok(n)) fail(`--${name} must be ${what}, not "${raw}"`);
  return n;
};
const port = number(
  'port',
  values.port,
  (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
  'a port (0-65535)',
);
const speed = number('speed', values.speed, (n) => n > 0 && n <= 1000, 'a number above 0, at most 1000');
const kickoffIn = number('kickoff-in', values['kickoff-in'], (n) => n >= 0, 'minutes, 0 or more');
const perMinute =
  values['per-minute'] === undefined
    ? DEFAULT_BUDGET[provider].perMinute
    : number(
        'per-minute',
        values['per-minute'],
        (n) => Number.isInteger(n) && n >= 1,
        'a whole number, 1 or more',
      );

// On a whole minute, as kickoffs are, unless it is to be sooner than that.
const soonest = Date.now() + kickoffIn * 60_000;
const kickoffAt = kickoffIn >= 1 ? Math.ceil(soonest / 60_000) * 60_000 : soonest;
let started;
try {
  started = await startRecordedPeer({
    provider,
    kickoffAt,
    speed,
    perMinute,
    port,
    host: values.host,
    // Faster than real time, ingest cannot read the half from the wall clock: give it v4's minute.
    minute: speed !== 1,
    ...(values.match !== undefined && { anchor: values.match }),
    ...(!values.quiet && {
      onRequest: (r) =>
        out(
          `${new Date(r.at).toISOString().slice(11, 19)} GET ${r.url} ${r.status}${r.refused ? " (over the minute's limit)" : ''}`,
        ),
    }),
  });
} catch (error) {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE') fail(`port ${port} is in use: pick another with --port`);
  fail(message);
}
const { peer, replay } = started;

const clock = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
const lines = replay.matches
  .sort((a, b) => a.kickoff - b.kickoff)
  .map((m) => {
    const mark = m.id === replay.anchor.id ? '→' : ' ';
    return ` ${mark} ${clock(replay.kickoffOf(m.id))} UTC  /en/match/${m.id}  ${m.home} – ${m.away}: ${m.result} (recorded ${clock(m.kickoff).slice(0, 10)})`;
  });
out(`
Recorded ${provider} answers on ${peer.url} (${RECORDINGS[provider]}),
${perMinute} calls a minute, the replay ${speed === 1 ? 'in real time' : `${speed} times faster than real time`}:
${lines.join('\n')}

Start Pitchside against it (another terminal):

  PROVIDER=${provider} GAME_API_BASE_URL=${peer.url} GAME_API_KEY=recorded npm start

Stop with Ctrl+C.
`);

const stop = () => void peer.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { pino } from 'pino';
import { readProcessSimulatorConfig, type SimulatorConfig } from './config/env.ts';
import { createSimulator } from './simulator.ts';

/**
 * Runs the simulated game API: `npm run simulator` (npm start runs it this way too, as its own service), or
 * with a replay, `npm run simulator -- --replay /path/to/openfootball/worldcup_2022.json`.
 */

let config: SimulatorConfig;
try {
  config = readProcessSimulatorConfig();
} catch (err) {
  // Before there is a logger, and meant for a person at a terminal.
  console.error((err as Error).message);
  process.exit(1);
}

const logger = pino({ name: 'simulator', level: config.LOG_LEVEL });
const replayError = config.SIM_REPLAY?.error;
if (replayError) {
  // The rest of the site stays up on the seeded match day; the file is named with each place it is wrong.
  logger.error(
    { replay: replayError.source, code: replayError.code, problems: replayError.problems },
    `SIM_REPLAY refused: ${replayError.message}. Playing the seeded match day instead.`,
  );
}
const simulator = createSimulator({
  seed: config.SIM_SEED,
  timeScale: config.SIM_TIME_SCALE,
  replay: config.SIM_REPLAY?.tournament,
  apiKey: config.SIM_API_KEY,
  rateLimitPerMinute: config.SIM_RATE_LIMIT_PER_MINUTE,
  publicUrl: config.SIM_PUBLIC_URL,
  logger,
});
const { url } = await simulator.listen(config.SIM_PORT, config.SIM_HOST);
logger.info(
  {
    url,
    live: `${url}/fixtures?live=all`,
    feed: `${url}/rss/matches.xml`,
    replay: config.SIM_REPLAY?.tournament ? config.SIM_REPLAY.path : null,
  },
  'simulated game API ready',
);

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'simulator closing');
  await simulator.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

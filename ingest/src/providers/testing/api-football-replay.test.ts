import { describe, expect, it } from 'vitest';
import { ApiFixtureSchema } from '../api-football/fixture-schema.ts';
import { parseEnvelope } from '../api-football/envelope.ts';
import { ApiFootballReplay } from './api-football-replay.ts';
import { RecordingError } from './match-timeline.ts';
import { readFixtureJson } from './project-fixtures.ts';

const PEN = 'api-football/fixtures_ids-1149523-1149519_PEN_two-legged-ties_events.json';
const MATCH = '1149519';
const KICKOFF = Date.parse('2026-05-02T18:00:00Z');

type Fixture = {
  fixture: {
    date: string;
    timestamp: number;
    periods: unknown;
    status: { short: string; elapsed: number | null };
  };
  goals: unknown;
  score: Record<string, unknown>;
  teams: { home: { winner: boolean | null } };
  events?: { detail: string; player: { name: string }; comments: string | null }[];
  lineups?: unknown[];
};

function replayAt() {
  let now = KICKOFF - 600_000;
  const replay = new ApiFootballReplay({
    recording: readFixtureJson(PEN),
    now: () => now,
    kickoffAt: KICKOFF,
    anchor: MATCH,
  });
  const get = (path: string, minute: number): Fixture[] => {
    now = replay.instant(MATCH, minute);
    const reply = replay.answer(new URL(path, 'http://peer'))!;
    // Every answer is an envelope the real adapter reads.
    parseEnvelope(JSON.parse(reply.body!), ApiFixtureSchema, path);
    return (JSON.parse(reply.body!) as { response: Fixture[] }).response;
  };
  return { replay, get, one: (minute: number) => get(`/fixtures?id=${MATCH}`, minute)[0]! };
}

describe('a recorded API-Football match on a moving clock', () => {
  it('is NS before kickoff, kicks off when the replay says, and plays its periods with the recorded goals at their minutes', () => {
    const { replay, one } = replayAt();
    expect(replay.kickoffOf(MATCH)).toBe(KICKOFF);
    const before = one(-5);
    expect(before.fixture.status).toEqual({ long: 'Not Started', short: 'NS', elapsed: null });
    expect(before.fixture.date).toBe('2026-05-02T18:00:00+00:00');
    expect(before.fixture.timestamp).toBe(KICKOFF / 1000);
    expect(before.goals).toEqual({ home: null, away: null });
    expect(before.events).toEqual([]);

    // Dimarco 33', Griezmann 35': the board, the running half-time score and who leads move with them.
    const at32 = one(32.5);
    expect(at32.fixture.status).toMatchObject({ short: '1H', elapsed: 32 });
    expect(at32.goals).toEqual({ home: 0, away: 0 });
    const at33 = one(33);
    expect(at33.goals).toEqual({ home: 0, away: 1 });
    expect(at33.score.halftime).toEqual({ home: 0, away: 1 });
    expect(at33.teams.home.winner).toBe(false);
    expect(at33.events!.map((e) => e.player.name)).toEqual(['F. Dimarco']);
    expect(one(36).goals).toEqual({ home: 1, away: 1 });

    const ht = one(50);
    expect(ht.fixture.status).toMatchObject({ short: 'HT', elapsed: 45 });
    expect(ht.fixture.periods).toEqual({ first: KICKOFF / 1000, second: null });
    // The second half starts when the recorded periods say: an hour after the first.
    const second = one(61);
    expect(second.fixture.status).toMatchObject({ short: '2H', elapsed: 46 });
    expect(second.fixture.periods).toEqual({ first: KICKOFF / 1000, second: KICKOFF / 1000 + 3600 });
    expect(second.score.fulltime).toEqual({ home: null, away: null });
    expect(one(60 + 42).goals).toEqual({ home: 2, away: 1 });

    const bt = one(106);
    expect(bt.fixture.status).toMatchObject({ short: 'BT', elapsed: 90 });
    expect(bt.score.fulltime).toEqual({ home: 2, away: 1 });
    // Extra time's first half runs to 105+2 (a booking in its added time).
    const et = one(110 + 16);
    expect(et.fixture.status).toMatchObject({ short: 'ET', elapsed: 105 });
    expect(et.score.extratime).toEqual({ home: null, away: null });
  });

  it('takes the shoot-out one kick a minute, in kick order, its score running; then answers the recording', () => {
    const { replay, one } = replayAt();
    const timeline = replay.match(MATCH).timeline;
    const start = timeline.phase('penalties')!.from;
    const during = one(start + 0.5);
    expect(during.fixture.status).toMatchObject({ short: 'P', elapsed: 120 });
    expect(during.score.penalty).toEqual({ home: 0, away: 0 });
    expect(during.score.extratime).toEqual({ home: 0, away: 0 });
    const shootout = (f: Fixture) => f.events!.filter((e) => e.comments === 'Penalty Shootout');
    expect(shootout(during)).toEqual([]);
    const running = [];
    for (let kick = 1; kick <= 9; kick++) {
      const f = one(timeline.kickInstant(kick));
      expect(shootout(f)).toHaveLength(kick);
      running.push(
        `${(f.score.penalty as { home: number }).home}-${(f.score.penalty as { away: number }).away}`,
      );
    }
    expect(running).toEqual(['0-1', '1-1', '1-1', '1-1', '1-1', '2-1', '2-2', '3-2', '3-2']);

    // Over: the recording itself, only its dates moved.
    const over = one(timeline.end);
    const recorded = (readFixtureJson(PEN) as { response: Fixture[] }).response.find(
      (f) => (f.fixture as unknown as { id: number }).id === Number(MATCH),
    )!;
    const { lineups, statistics, players, ...rest } = over as Fixture & Record<string, unknown>;
    expect([lineups, statistics, players]).toEqual([[], [], []]);
    const dates = (f: Fixture) => ({
      ...f,
      fixture: { ...f.fixture, date: '', timestamp: 0, periods: null },
    });
    expect(dates(rest as Fixture)).toEqual(dates(recorded));
    expect(over.fixture.periods).toEqual({ first: KICKOFF / 1000, second: KICKOFF / 1000 + 3600 });
  });

  it("lists what each endpoint lists at that moment: live=all in play, the day, a team's last results, the head-to-head", () => {
    const { replay, get } = replayAt();
    // Arsenal–Porto (1149523) was the evening before: over by the time this one kicks off.
    expect(replay.kickoffOf('1149523')).toBe(KICKOFF - 86_400_000);
    expect(get('/fixtures?live=all', -5)).toEqual([]);
    const live = get('/fixtures?live=all', 70);
    expect(live.map((f) => f.fixture.status.short)).toEqual(['2H']);
    expect(live[0]!.events!.length).toBeGreaterThan(0);
    expect(get('/fixtures?date=2026-05-02', 70).map((f) => f.fixture.status.short)).toEqual(['2H']);
    expect(get('/fixtures?date=2026-05-01', 70).map((f) => f.fixture.status.short)).toEqual(['PEN']);
    // Lists carry no events.
    expect(get('/fixtures?date=2026-05-01', 70)[0]!.events).toBeUndefined();
    expect(get('/fixtures?team=42&last=10', 70)).toHaveLength(1);
    expect(get('/fixtures?team=530&last=10', 70)).toEqual([]);
    expect(get('/fixtures?team=530&last=10', 200)).toHaveLength(1);
    expect(get('/fixtures/headtohead?h2h=505-530', 70)).toHaveLength(1);
    expect(replay.answer(new URL('http://peer/odds'))).toBeUndefined();
  });

  it('refuses a recording whose events do not add up to its score, naming what disagrees', () => {
    const recording = structuredClone(readFixtureJson(PEN)) as {
      response: { score: { halftime: unknown } }[];
    };
    recording.response[0]!.score.halftime = { home: 2, away: 1 };
    expect(() => new ApiFootballReplay({ recording, now: Date.now, kickoffAt: KICKOFF })).toThrow(
      new RecordingError(MATCH, 'its events give 1-1 at half time, its score says 2-1'),
    );
  });
});

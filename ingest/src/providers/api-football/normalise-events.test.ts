import { MatchEventSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { parseEnvelope } from './envelope.ts';
import { ApiEventSchema, type ApiEvent } from './event-schema.ts';
import { ApiFixtureSchema } from './fixture-schema.ts';
import { normaliseEvents } from './normalise-events.ts';
import { substitutionSides } from './substitution-sides.ts';

const DERBY = 'api-football/fixtures-events_653808_manutd-mancity.json';
const LIVE = 'api-football/fixtures_live-all_2024-02-21_24-fixtures.extracted.json';

warnIfNoSharedData('api-football events');

describe.skipIf(!hasSharedData)('API-Football events, Man Utd v Man City (fixture 653808)', () => {
  const raw = (): ApiEvent[] => parseEnvelope(readSharedJson(DERBY), ApiEventSchema, '/fixtures/events');
  const events = () => normaliseEvents('653808', raw());

  it('gives the nine events in order with our kinds, all valid', () => {
    const list = events();
    for (const e of list) MatchEventSchema.parse(e);
    expect(list.map((e) => [e.minute, e.kind, e.player?.name])).toEqual([
      [48, 'yellow', 'Fernandinho'],
      [50, 'goal', 'J. Stones'],
      [69, 'yellow', 'Fred'],
      [75, 'substitution', 'M. Greenwood'],
      [78, 'yellow', 'João Cancelo'],
      [79, 'substitution', 'Rodri'],
      [83, 'goal', 'Fernandinho'],
      [88, 'substitution', 'D. van de Beek'],
      [90, 'yellow', 'Luke Shaw'],
    ]);
  });

  it('credits each goal to the scoring team and keeps the card reason', () => {
    const [booking, goal] = events();
    expect(goal).toMatchObject({ teamId: '50', player: { id: '626', name: 'J. Stones' }, related: null });
    expect(booking).toMatchObject({ teamId: '50', detail: 'Foul' });
  });

  it('puts the player coming on in `player` and the one going off in `related`', () => {
    // Here API-Football has them the other way round: Fred, booked at 69', is its `player` at 88'.
    expect(substitutionSides(raw())).toBe('player-off');
    const subs = events().filter((e) => e.kind === 'substitution');
    expect(subs.map((e) => [e.player?.name, e.related?.name])).toEqual([
      ['M. Greenwood', 'S. McTominay'],
      ['Rodri', 'R. Mahrez'],
      ['D. van de Beek', 'Fred'],
    ]);
  });

  it('derives ids from match, class, team and minute', () => {
    expect(events().map((e) => e.id)).toEqual([
      '653808-card-50-48-1',
      '653808-goal-50-50-1',
      '653808-card-33-69-1',
      '653808-subst-33-75-1',
      '653808-card-50-78-1',
      '653808-subst-50-79-1',
      '653808-goal-50-83-1',
      '653808-subst-33-88-1',
      '653808-card-33-90-1',
    ]);
  });

  it('keeps an event id when the provider corrects the scorer name or relabels the goal', () => {
    const before = events();
    const corrected = raw();
    corrected[1] = { ...corrected[1]!, player: { id: 626, name: 'John Stones' }, detail: 'Own Goal' };
    const after = normaliseEvents('653808', corrected);
    expect(after[1]).toMatchObject({ id: before[1]!.id, kind: 'own_goal', player: { name: 'John Stones' } });
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
  });

  it('gives the same ids on every poll of the same payload', () => {
    expect(events()).toEqual(events());
  });
});

describe.skipIf(!hasSharedData)('API-Football inline events of the 24 live fixtures', () => {
  const fixtures = () => parseEnvelope(readSharedJson(LIVE), ApiFixtureSchema, '/fixtures?live=all');
  const eventsOf = (id: number) => {
    const f = fixtures().find((x) => x.fixture.id === id)!;
    return normaliseEvents(String(id), f.events ?? []);
  };

  it('normalises every event into our schema, with ids unique per fixture', () => {
    for (const f of fixtures()) {
      const events = normaliseEvents(String(f.fixture.id), f.events ?? []);
      expect(events).toHaveLength(f.events?.length ?? 0);
      for (const e of events) MatchEventSchema.parse(e);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    }
  });

  it('reads substitutions the other way round where the payload has them so (Mihrab scored, then went off)', () => {
    const subs = eventsOf(1174927).filter((e) => e.kind === 'substitution');
    expect(subs.map((e) => [e.minute, e.player?.name, e.related?.name])).toEqual([
      [37, 'S. Morsli', 'B. Haba'],
      [61, 'A. Diarra', 'A. Qassaq'],
      [69, 'A. Ballouchy', 'I. Benktib'],
      [77, 'M. Malik', 'Y. Dalouzi'],
      [77, 'M. Dabdouby', 'I. Mihrab'],
    ]);
    // Two substitutions for one team in one minute: told apart by their order.
    expect(subs.slice(3).map((e) => e.id)).toEqual(['1174927-subst-6387-77-1', '1174927-subst-6387-77-2']);
  });

  it('keeps the assist of a goal (Mac Allister for van Dijk) and a booking without a known player', () => {
    expect(eventsOf(1035430).find((e) => e.minute === 56)).toMatchObject({
      kind: 'goal',
      teamId: '40',
      player: { id: '290', name: 'V. van Dijk' },
      related: { id: '6716', name: 'A. Mac Allister' },
    });
    expect(eventsOf(1174927).at(-1)).toMatchObject({ kind: 'yellow', teamId: '975', player: null });
  });
});

describe('API-Football event kinds', () => {
  const event = (over: Partial<ApiEvent>): ApiEvent => ({
    time: { elapsed: 30, extra: null },
    team: { id: 1, name: 'Home' },
    player: { id: 10, name: 'A. Player' },
    assist: { id: null, name: null },
    type: 'Goal',
    detail: 'Normal Goal',
    comments: null,
    ...over,
  });

  it('maps goals, cards, VAR and shoot-out kicks, and drops what it does not know', () => {
    const events = normaliseEvents('9', [
      event({ detail: 'Own Goal', team: { id: 2, name: 'Away' } }),
      event({ detail: 'Penalty', time: { elapsed: 45, extra: 2 } }),
      event({ detail: 'Missed Penalty' }),
      event({ type: 'Card', detail: 'Yellow Card' }),
      event({ type: 'Card', detail: 'Yellow Card', time: { elapsed: 60, extra: null } }),
      event({ type: 'Card', detail: 'Second Yellow card', player: { id: 11, name: 'B. Player' } }),
      event({ type: 'Card', detail: 'Red Card', player: { id: 12, name: 'C. Player' } }),
      event({ type: 'Var', detail: 'Goal cancelled' }),
      event({ detail: 'Penalty', comments: 'Penalty Shootout', time: { elapsed: 120, extra: null } }),
      event({ type: 'Something new' }),
    ]);
    expect(events.map((e) => [e.kind, e.teamId, e.detail])).toEqual([
      // An own goal stays with the team API-Football lists: the team it counts for.
      ['own_goal', '2', null],
      ['penalty_goal', '1', null],
      ['missed_penalty', '1', null],
      ['yellow', '1', null],
      // The same player booked again: a second yellow even though API-Football says "Yellow Card".
      ['second_yellow', '1', null],
      ['second_yellow', '1', null],
      ['red', '1', null],
      ['var', '1', 'Goal cancelled'],
      // A shoot-out kick is a kick, not a goal of the match.
      ['shootout_scored', '1', null],
    ]);
    expect(events[1]).toMatchObject({ id: '9-goal-1-45.2-1', minute: 45, stoppage: 2 });
    for (const e of events) MatchEventSchema.parse(e);
  });
});

import { describe, expect, it } from 'vitest';
import { expectedGoals, withCaptain } from './build-fixture.ts';
import type { SimTeam } from './match-day.ts';
import {
  generateMatchScript,
  planShootout,
  shootoutReachable,
  type MatchScript,
  type MatchScriptInput,
  type Outcome,
  type Side,
} from './match-script.ts';
import { fixtureStateAt } from './match-state.ts';
import { Rng } from './prng.ts';
import { buildSquad, formationRows, pickLineup } from './squad.ts';

const team = (id: number, seed: number): SimTeam => ({
  id,
  name: `Team ${id}`,
  code: null,
  country: 'Nowhere',
  founded: null,
  national: false,
  venue: null,
  squad: buildSquad({ teamId: id, seed, nameBank: 'en', colors: { primary: 'c8102e', secondary: 'ffffff' } }),
  strength: Rng.for(seed, id).between(0.75, 1.35),
});

function script(seed: number, overrides: Partial<MatchScriptInput> = {}): MatchScript {
  const home = team(1001, seed);
  const away = team(1002, seed);
  const rng = Rng.for(seed, 'lineups');
  return generateMatchScript({
    seed,
    lineups: {
      home: withCaptain(pickLineup(home.squad, rng), rng),
      away: withCaptain(pickLineup(away.squad, rng), rng),
    },
    knockout: false,
    expectedGoals: expectedGoals(home, away, true),
    ...overrides,
  });
}

const end = (s: MatchScript) => fixtureStateAt({ kickoffMs: 0, script: s }, s.final!.atMs);

describe('match scripts', () => {
  const seeds = Array.from({ length: 250 }, (_, i) => i + 1);

  it('end with a score that is exactly the goals that stand', () => {
    for (const seed of seeds) {
      const s = script(seed, { knockout: seed % 2 === 0 });
      const state = end(s);
      const standing = s.events.filter((e) => e.scoresFor !== null && e.removedAtMs === null);
      for (const side of ['home', 'away'] as const) {
        expect(state.goals[side], `seed ${seed}`).toBe(standing.filter((e) => e.scoresFor === side).length);
      }
      for (const own of s.events.filter((e) => e.detail === 'Own Goal'))
        expect(own.scoresFor).not.toBe(own.side);
      for (const cancelled of s.events.filter((e) => e.removedAtMs !== null)) {
        expect(s.events).toContainEqual(
          expect.objectContaining({
            type: 'Var',
            detail: 'Goal cancelled',
            atMs: cancelled.removedAtMs,
            player: cancelled.player,
          }),
        );
      }
    }
  });

  it('never lets a player act after going off, and numbers substitutions in order', () => {
    for (const seed of seeds) {
      const s = script(seed);
      const gone = new Map<number, number>();
      const cameOn = new Set<number>();
      const subs: Record<Side, number> = { home: 0, away: 0 };
      const booked = new Set<number>();
      for (const e of s.events) {
        for (const person of [e.player.id, e.type === 'Goal' ? e.assist.id : null]) {
          if (person !== null && e.type !== 'Var')
            expect(gone.has(person), `seed ${seed}: ${person} acts after leaving`).toBe(false);
        }
        if (e.type === 'subst') {
          subs[e.side]++;
          expect(e.detail).toBe(`Substitution ${subs[e.side]}`);
          expect(cameOn.has(e.player.id!)).toBe(false);
          cameOn.add(e.player.id!);
          gone.set(e.assist.id!, e.atMs);
        }
        if (e.detail === 'Second Yellow card') expect(booked.has(e.player.id!)).toBe(true);
        if (e.detail === 'Yellow Card') booked.add(e.player.id!);
        if (e.detail === 'Red Card' || e.detail === 'Second Yellow card') gone.set(e.player.id!, e.atMs);
      }
      expect(subs.home).toBeLessThanOrEqual(6);
    }
  });

  it('shows each event at the minute the clock shows when it appears', () => {
    for (const seed of seeds.slice(0, 80)) {
      const s = script(seed, {
        knockout: true,
        outcome: (['regular', 'extra-time', 'penalties'] as Outcome[])[seed % 3],
      });
      for (const e of s.events.filter((x) => x.type !== 'Var' && !x.shootout)) {
        const state = fixtureStateAt({ kickoffMs: 0, script: s }, e.atMs);
        expect(
          { elapsed: state.status.elapsed, extra: state.status.extra },
          `seed ${seed} ${e.detail}`,
        ).toEqual(e.time);
      }
      const times = s.events.map((e) => e.atMs);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('plays a forced knockout ending, and a shoot-out stops as soon as it is decided', () => {
    for (const seed of seeds.slice(0, 60)) {
      for (const outcome of ['regular', 'extra-time', 'penalties'] as const) {
        const s = script(seed, { knockout: true, outcome });
        expect(s.final!.status).toBe({ regular: 'FT', 'extra-time': 'AET', penalties: 'PEN' }[outcome]);
        const state = end(s);
        if (outcome === 'penalties') {
          const kicks = s.events.filter((e) => e.shootout);
          expect(state.score.penalty.home).not.toBe(state.score.penalty.away);
          // Numbered as API-Football numbers them: the kick's place in `time.extra`, from 1.
          expect(kicks.map((k) => k.time)).toEqual(kicks.map((_, i) => ({ elapsed: 120, extra: i + 1 })));
          // Before the last kick the shoot-out was still open.
          const before = fixtureStateAt({ kickoffMs: 0, script: s }, kicks.at(-1)!.atMs - 1);
          expect(before.status.short).toBe('P');
        }
      }
    }
  });

  it('reproduces a given shoot-out score by the rules, whichever side must kick first', () => {
    for (const [home, away] of [
      [4, 2],
      [3, 0],
      [1, 3],
      [5, 4],
      [7, 6],
      [2, 4],
    ] as const) {
      const kicks = planShootout(new Rng(home * 10 + away), { home, away });
      expect(kicks.filter((k) => k.side === 'home' && k.scored)).toHaveLength(home);
      expect(kicks.filter((k) => k.side === 'away' && k.scored)).toHaveLength(away);
    }
    // Portugal 3-5 France (Euro 2024) only ends so with France kicking first: every draw of the first
    // kicker still reproduces it, ending the moment it is decided.
    for (let seed = 1; seed <= 20; seed++) {
      const kicks = planShootout(new Rng(seed), { home: 3, away: 5 });
      expect(kicks[0]!.side).toBe('away');
      expect(kicks.filter((k) => k.side === 'home' && k.scored)).toHaveLength(3);
      expect(kicks.filter((k) => k.side === 'away' && k.scored)).toHaveLength(5);
      expect(kicks).toHaveLength(9);
    }
    expect(shootoutReachable({ home: 3, away: 5 })).toBe(true);
  });

  it('still reproduces a score no shoot-out ends on (a data error), its kicks taken in turn', () => {
    for (const [home, away] of [
      [6, 0],
      [2, 2],
      [4, 0],
    ] as const) {
      expect(shootoutReachable({ home, away })).toBe(false);
      const kicks = planShootout(new Rng(1), { home, away });
      expect(kicks.filter((k) => k.side === 'home' && k.scored)).toHaveLength(home);
      expect(kicks.filter((k) => k.side === 'away' && k.scored)).toHaveLength(away);
    }
  });

  it('interrupts, suspends and postpones when told to', () => {
    const interrupted = script(5, { disruption: { kind: 'interrupted', minute: 17, minutes: 6 } });
    const int = interrupted.phases.find((p) => p.status === 'INT')!;
    expect(int.frozen).toEqual({ elapsed: 62, extra: null });
    expect(interrupted.final!.status).toBe('FT');
    const suspended = script(5, { disruption: { kind: 'suspended', minute: 23, minutes: 40 } });
    expect(suspended.phases.at(-1)!.status).toBe('SUSP');
    expect(suspended.final).toMatchObject({ status: 'ABD', reading: { elapsed: 68, extra: null } });
    expect(suspended.events.every((e) => e.period === 'first' || e.time.elapsed <= 68)).toBe(true);
    const postponed = script(5, { disruption: { kind: 'postponed' } });
    expect(fixtureStateAt({ kickoffMs: 0, script: postponed }, 10 * 3_600_000).status.short).toBe('PST');
  });
});

describe('lineups', () => {
  it('place players on a grid that matches the formation', () => {
    for (let id = 1001; id < 1060; id++) {
      const squad = buildSquad({
        teamId: id,
        seed: 9,
        nameBank: 'de',
        colors: { primary: '005ca9', secondary: 'ffffff' },
      });
      const lineup = pickLineup(squad, new Rng(id));
      expect(lineup.startXI[0]).toMatchObject({ grid: '1:1', player: { pos: 'G' } });
      formationRows(lineup.formation).forEach((row, i) => {
        const inRow = lineup.startXI.filter((s) => s.grid.startsWith(`${i + 2}:`));
        expect(inRow).toHaveLength(row.count);
        expect(inRow.map((s) => s.grid)).toEqual(
          Array.from({ length: row.count }, (_, k) => `${i + 2}:${row.count - k}`),
        );
        expect(inRow.every((s) => s.player.pos === row.pos)).toBe(true);
      });
      const everyone = [...lineup.startXI.map((s) => s.player), ...lineup.substitutes];
      expect(new Set(everyone.map((p) => p.number)).size).toBe(everyone.length);
      expect(new Set(everyone.map((p) => p.name)).size).toBe(everyone.length);
      expect(lineup.substitutes.filter((p) => p.pos === 'G').length).toBeGreaterThanOrEqual(1);
      expect(squad.colors.player.primary).toMatch(/^[0-9a-f]{6}$/);
    }
  });
});

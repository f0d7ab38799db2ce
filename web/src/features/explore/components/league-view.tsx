import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLive, type Competition, type Standings } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { useFormat } from '../../../lib/format.ts';
import { useRoundName } from '../hooks/use-round-name.ts';
import { currentRound, groupRounds } from '../utils/rounds.ts';
import { LeagueHeader } from './league-header.tsx';
import { MatchDayList } from './match-day-list.tsx';
import { Notice } from './notice.tsx';
import { RoundPicker } from './round-picker.tsx';
import { StandingsTable } from './standings-table.tsx';

interface LeagueViewProps {
  competition: Competition;
  standings: Standings | null;
  standingsFailed: boolean;
  /** The competition's matches as the page holds them now (kept current by the socket). */
  entries: readonly ScoreboardEntry[];
  /** What the page was first rendered with: the default round is chosen from it, so pushes cannot move it. */
  initialEntries: readonly ScoreboardEntry[];
  matchesFailed: boolean;
  /** ?round= */
  roundParam: string | null;
  roundHref: (key: string) => string;
  matchHref: (matchId: string) => string;
  teamHref: (teamId: string) => string;
  star?: ReactNode;
  /** Shown under the header (the World Cup page's final, say). */
  children?: ReactNode;
}

/** A competition: header, one round of fixtures and results with a round picker, and the table. */
export function LeagueView(props: LeagueViewProps) {
  const { competition, standings, standingsFailed, entries, initialEntries } = props;
  const { t } = useTranslation('explore');
  const { timeZone } = useFormat();
  const roundName = useRoundName();
  const rounds = useMemo(
    () =>
      groupRounds(
        entries.map((e) => e.match),
        timeZone,
      ),
    [entries, timeZone],
  );
  const fallback = useMemo(
    () =>
      currentRound(
        groupRounds(
          initialEntries.map((e) => e.match),
          timeZone,
        ),
      )?.key,
    [initialEntries, timeZone],
  );
  const selected =
    rounds.find((r) => r.key === props.roundParam) ??
    rounds.find((r) => r.key === fallback) ??
    currentRound(rounds);
  const live = useMemo(() => entries.map((e) => e.match).filter((m) => isLive(m.status)), [entries]);

  return (
    <>
      <LeagueHeader competition={competition} star={props.star} />
      {props.children}
      <section className="explore-card" aria-labelledby="league-matches-title" data-testid="league-matches">
        <div className="explore-card__head">
          <h2 className="explore-card__title" id="league-matches-title">
            {t('league.matches')}
          </h2>
          {selected && (
            <span className="explore-card__meta" data-testid="round-name" data-round={selected.key}>
              {roundName(selected)}
            </span>
          )}
        </div>
        {selected ? (
          <>
            <RoundPicker rounds={rounds} selected={selected} roundHref={props.roundHref} />
            <MatchDayList matches={selected.matches} matchHref={props.matchHref} testId="round-matches" />
          </>
        ) : props.matchesFailed ? (
          <Notice tone="error">{t('league.matchesError')}</Notice>
        ) : (
          <Notice>{t('league.noMatches')}</Notice>
        )}
      </section>
      {standings && standings.groups.some((g) => g.rows.length > 0) ? (
        <StandingsTable
          standings={standings}
          teamHref={props.teamHref}
          matchHref={props.matchHref}
          live={live}
        />
      ) : standingsFailed ? (
        <Notice tone="error">{t('standings.error')}</Notice>
      ) : null}
    </>
  );
}

import { useMemo } from 'react';
import type { Match } from '@pitchside/shared/domain';
import { groupByCompetition } from '../utils/group-by-competition.ts';
import { CompetitionHeader } from './competition-header.tsx';
import { LiveMatchRow } from './live-match-row.tsx';

interface MatchListProps {
  matches: readonly Match[];
  /** Where a row leads: the route decides (paths live in the app, not in features). */
  matchHref: (matchId: string) => string;
}

/** Matches grouped under competition header rows, FotMob/SofaScore style. */
export function MatchList({ matches, matchHref }: MatchListProps) {
  const groups = useMemo(() => groupByCompetition(matches), [matches]);
  return (
    <div className="match-list">
      {groups.map(({ competition, matches: rows }) => (
        <section
          className="competition"
          key={competition.id}
          aria-labelledby={`competition-${competition.id}`}
          data-testid="competition-group"
        >
          <CompetitionHeader competition={competition} id={`competition-${competition.id}`} />
          <ul className="competition__matches">
            {rows.map((match) => (
              <LiveMatchRow key={match.id} match={match} href={matchHref(match.id)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

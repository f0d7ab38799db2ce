import { memo, useMemo, type ReactNode } from 'react';
import { shallow } from 'zustand/shallow';
import type { CompetitionRef, Match } from '@pitchside/shared/domain';
import {
  groupByCompetition,
  type CompetitionGroup,
  type FavouriteIds,
} from '../utils/group-by-competition.ts';
import { CompetitionHeader } from './competition-header.tsx';
import { LiveMatchRow } from '../../../components/live-match-row.tsx';
import '../matches.css';

interface MatchListProps {
  matches: readonly Match[];
  /** Where a row leads: the route decides (paths live in the app, not in features). */
  matchHref: (matchId: string) => string;
  /** Favourite competitions and teams come first (the page passes the visitor's). */
  favourites?: FavouriteIds;
  /** Rendered at the end of each competition's header row (the page passes a favourites star). */
  competitionAction?: (competition: CompetitionRef) => ReactNode;
  /** 3 when the list sits in a section that has its own h2. */
  headingLevel?: 2 | 3;
  /** Shows at most this many matches, the first ones in the list's order (favourites first). */
  limit?: number;
  /** Keeps ids unique when two lists are on one page ("live", "today"). */
  idPrefix?: string;
  /**
   * The id of the title of the part of the page the list is in: each competition is then named after both
   * ("Live now, Premier Division"), so two lists on a page do not have regions of the same name.
   */
  contextLabelId?: string;
}

/** Matches grouped under competition header rows, FotMob/SofaScore style. */
export function MatchList({
  matches,
  matchHref,
  favourites,
  competitionAction,
  headingLevel = 2,
  limit,
  idPrefix = 'competition',
  contextLabelId,
}: MatchListProps) {
  const groups = useMemo(
    () => truncate(groupByCompetition(matches, favourites), limit),
    [matches, favourites, limit],
  );
  return (
    <div className="match-list">
      {groups.map(({ competition, matches: rows }) => {
        const headingId = `${idPrefix}-${competition.id}`;
        return (
          <CompetitionGroupView
            key={competition.id}
            competition={competition}
            rows={rows}
            headingId={headingId}
            labelledBy={contextLabelId ? `${contextLabelId} ${headingId}` : headingId}
            headingLevel={headingLevel}
            matchHref={matchHref}
            competitionAction={competitionAction}
          />
        );
      })}
    </div>
  );
}

interface CompetitionGroupViewProps {
  competition: CompetitionRef;
  rows: readonly Match[];
  headingId: string;
  labelledBy: string;
  headingLevel: 2 | 3;
  matchHref: (matchId: string) => string;
  competitionAction?: (competition: CompetitionRef) => ReactNode;
}

/**
 * One competition's header and rows. Memoised on what it shows: a push changes one match, and the lists
 * are grouped again from scratch, so without this every group (its header, its favourites star) would
 * render again for a goal in another competition. Callers pass a `competitionAction` that keeps its
 * identity.
 */
const CompetitionGroupView = memo(function CompetitionGroupView({
  competition,
  rows,
  headingId,
  labelledBy,
  headingLevel,
  matchHref,
  competitionAction,
}: CompetitionGroupViewProps) {
  return (
    <section
      className="competition"
      aria-labelledby={labelledBy}
      data-testid="competition-group"
      data-competition-id={competition.id}
    >
      <CompetitionHeader
        competition={competition}
        id={headingId}
        headingLevel={headingLevel}
        action={competitionAction?.(competition)}
      />
      <ul className="competition__matches">
        {rows.map((match) => (
          <LiveMatchRow key={match.id} match={match} href={matchHref(match.id)} />
        ))}
      </ul>
    </section>
  );
}, sameGroup);

function sameGroup(a: CompetitionGroupViewProps, b: CompetitionGroupViewProps): boolean {
  return (
    a.headingId === b.headingId &&
    a.labelledBy === b.labelledBy &&
    a.headingLevel === b.headingLevel &&
    a.matchHref === b.matchHref &&
    a.competitionAction === b.competitionAction &&
    shallow(a.competition, b.competition) &&
    shallow(a.rows, b.rows)
  );
}

function truncate(groups: CompetitionGroup[], limit: number | undefined): CompetitionGroup[] {
  if (limit === undefined) return groups;
  const kept: CompetitionGroup[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    kept.push(group.matches.length <= left ? group : { ...group, matches: group.matches.slice(0, left) });
    left -= group.matches.length;
  }
  return kept;
}

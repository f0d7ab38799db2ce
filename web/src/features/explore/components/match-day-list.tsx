import { useMemo } from 'react';
import type { Match } from '@pitchside/shared/domain';
import { dayOf, useFormat } from '../../../lib/format.ts';
import { LiveMatchRow } from '../../../components/live-match-row.tsx';

interface MatchDayListProps {
  matches: readonly Match[];
  /** Where a match leads; undefined for one without a page. */
  matchHref: (matchId: string) => string | undefined;
  /** A team's matches span competitions: each day's heading then names the competition too. */
  showCompetition?: boolean;
  /** Newest day first (results) rather than soonest first (fixtures). */
  newestFirst?: boolean;
  testId?: string;
}

interface DayGroup {
  key: string;
  day: string;
  competition: string | null;
  matches: Match[];
}

/** Matches under a heading per day (and competition), in the visitor's time zone, as FlashScore lists them. */
export function MatchDayList({
  matches,
  matchHref,
  showCompetition = false,
  newestFirst = false,
  testId,
}: MatchDayListProps) {
  const format = useFormat();
  const groups = useMemo(() => {
    const sorted = [...matches].sort(
      (a, b) => a.kickoff.localeCompare(b.kickoff) || a.id.localeCompare(b.id),
    );
    if (newestFirst) sorted.reverse();
    const out: DayGroup[] = [];
    for (const match of sorted) {
      const day = dayOf(match.kickoff, format.timeZone);
      const competition = showCompetition ? match.competition.name : null;
      const last = out.at(-1);
      if (last && last.day === day && last.competition === competition) last.matches.push(match);
      else out.push({ key: `${day}|${competition ?? ''}|${out.length}`, day, competition, matches: [match] });
    }
    return out;
  }, [matches, newestFirst, showCompetition, format.timeZone]);

  return (
    <div className="match-days" data-testid={testId}>
      {groups.map((group) => (
        <section className="match-day" key={group.key}>
          <h3 className="match-day__heading">
            <time dateTime={group.day}>{format.date(group.matches[0]!.kickoff, 'date')}</time>
            {group.competition && <span className="match-day__competition">{group.competition}</span>}
          </h3>
          <ul className="competition__matches">
            {group.matches.map((match) => (
              <LiveMatchRow key={match.id} match={match} href={matchHref(match.id)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isFinished } from '@pitchside/shared/domain';
import type { ScoreboardEntry, ScoreboardScope } from '@pitchside/shared/protocol';
import { mergeEntries } from '../../features/explore/utils/merge-entries.ts';
import { useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';

/**
 * A page's own list of matches (a team's, a pair of teams'), kept current. The socket has scoreboards
 * per competition, day and live list, not per team: the page watches the competition scoreboards of its
 * matches still to finish (`feeds`, to render anywhere), and folds their newer copies into its list.
 */
export function useLiveEntries(matches: readonly ScoreboardEntry[]): {
  entries: ScoreboardEntry[];
  feeds: ReactNode;
} {
  const [received, setReceived] = useState<ReadonlyMap<string, readonly ScoreboardEntry[]>>(new Map());
  const watched = useMemo(
    () => [...new Set(matches.filter((e) => !isFinished(e.match.status)).map((e) => e.match.competition.id))],
    [matches],
  );
  const onEntries = useCallback((competitionId: string, entries: readonly ScoreboardEntry[]) => {
    setReceived((prev) =>
      prev.get(competitionId) === entries ? prev : new Map(prev).set(competitionId, entries),
    );
  }, []);
  const entries = useMemo(() => mergeEntries(matches, [...received.values()].flat()), [matches, received]);
  const feeds = watched.map((id) => <CompetitionFeed key={id} competitionId={id} onEntries={onEntries} />);
  return { entries, feeds };
}

/** One competition's scoreboard on the socket, reported to the page while mounted. Renders nothing. */
function CompetitionFeed({
  competitionId,
  onEntries,
}: {
  competitionId: string;
  onEntries: (competitionId: string, entries: readonly ScoreboardEntry[]) => void;
}) {
  const scope = useMemo<ScoreboardScope>(() => ({ kind: 'competition', competitionId }), [competitionId]);
  const { entries } = useLiveScoreboard(scope);
  useEffect(() => onEntries(competitionId, entries), [competitionId, entries, onEntries]);
  return null;
}

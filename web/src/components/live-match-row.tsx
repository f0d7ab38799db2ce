import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { matchOutcome, sportOf, type Match } from '@pitchside/shared/domain';
import { OutcomeLine, ScoreNotes } from './match-outcome.tsx';
import { Crest } from './crest.tsx';
import { MatchClock } from './match-clock.tsx';
import { scoreText } from '../lib/score-text.ts';

interface LiveMatchRowProps {
  match: Match;
  /** Where the row leads; none for a match without a page (a past meeting known from the provider only). */
  href?: string;
}

function RowLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  return href ? (
    <Link className="match-row__link" to={href}>
      {children}
    </Link>
  ) : (
    <div className="match-row__link">{children}</div>
  );
}

/**
 * One match on a list: clock, home, score, away. The whole row opens the match. Memoised: a push changes
 * one entry, and the store keeps the others' objects, so only that row renders again.
 */
export const LiveMatchRow = memo(function LiveMatchRow({ match, href }: LiveMatchRowProps) {
  const { home, away } = matchOutcome(match).score;
  return (
    <li
      className="match-row"
      data-testid="live-match-row"
      data-match-id={match.id}
      data-status={match.status}
      data-sport={sportOf(match.competition)}
    >
      <RowLink href={href}>
        <MatchClock match={match} testId="live-row-clock" className="match-row__clock" />
        <span className="match-row__team match-row__team--home">
          <span className="match-row__name">{match.home.name}</span>
          <Crest src={match.home.logo} name={match.home.name} />
        </span>
        <span className="match-row__score">
          <span data-testid="live-row-score">
            {scoreText(home)} - {scoreText(away)}
          </span>
          <ScoreNotes match={match} className="match-row__notes" />
        </span>
        <span className="match-row__team match-row__team--away">
          <Crest src={match.away.logo} name={match.away.name} />
          <span className="match-row__name">{match.away.name}</span>
        </span>
        <OutcomeLine match={match} className="match-row__outcome" testId="live-row-outcome" />
      </RowLink>
    </li>
  );
});

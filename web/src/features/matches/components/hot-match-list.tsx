import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_SPORT, isLive, matchOutcome, sportOf, type Match } from '@pitchside/shared/domain';
import { OutcomeLine, ScoreNotes } from '../../../components/match-outcome.tsx';
import { scoreText } from '../../../lib/score-text.ts';
import { Crest } from '../../../components/crest.tsx';
import { MatchClock } from '../../../components/match-clock.tsx';
import { SportIcon, useSportName } from './sport-icon.tsx';
import '../matches.css';

interface HotMatchListProps {
  /** In the order given: the ranking is the server's. */
  matches: readonly Match[];
  matchHref: (matchId: string) => string;
  /** A compact grid of cards (the home page) or a full-width ranked list (the hot matches page). */
  variant?: 'grid' | 'list';
}

/** The hot matches as ranked cards: rank, competition (and sport), the two teams, score and clock. */
export function HotMatchList({ matches, matchHref, variant = 'list' }: HotMatchListProps) {
  return (
    <ol className={`hot-list hot-list--${variant}`}>
      {matches.map((match, index) => (
        <HotMatchCard key={match.id} match={match} rank={index + 1} href={matchHref(match.id)} />
      ))}
    </ol>
  );
}

const HotMatchCard = memo(function HotMatchCard({
  match,
  rank,
  href,
}: {
  match: Match;
  rank: number;
  href: string;
}) {
  const { t } = useTranslation('matches');
  const sportName = useSportName();
  const sport = sportOf(match.competition);
  const { home, away } = matchOutcome(match).score;
  return (
    <li
      className={`hot-card ${isLive(match.status) ? 'hot-card--live' : ''}`}
      data-testid="hot-match"
      data-match-id={match.id}
      data-status={match.status}
      data-sport={sport}
    >
      <Link className="hot-card__link" to={href}>
        <span className="hot-card__top">
          <span className="hot-card__rank">{t('hot.rank', { rank })}</span>
          <span className="hot-card__competition">
            {sport !== DEFAULT_SPORT && <SportIcon sport={sport} label={sportName(sport)} />}
            <span className="hot-card__competition-name">{match.competition.name}</span>
          </span>
          <MatchClock match={match} className="hot-card__clock" testId="hot-clock" />
        </span>
        <span className="hot-card__teams">
          <span className="hot-card__team">
            <Crest src={match.home.logo} name={match.home.name} size="md" />
            <span className="hot-card__name">{match.home.name}</span>
          </span>
          <span className="hot-card__score">
            <span data-testid="hot-score">
              {scoreText(home)} - {scoreText(away)}
            </span>
            <ScoreNotes match={match} />
          </span>
          <span className="hot-card__team hot-card__team--away">
            <Crest src={match.away.logo} name={match.away.name} size="md" />
            <span className="hot-card__name">{match.away.name}</span>
          </span>
        </span>
        <OutcomeLine match={match} className="hot-card__outcome" testId="hot-outcome" />
      </Link>
    </li>
  );
});

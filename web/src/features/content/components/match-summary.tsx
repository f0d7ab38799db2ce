import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { matchOutcome, type Match } from '@pitchside/shared/domain';
import { OutcomeLine, ScoreNotes } from '../../../components/match-outcome.tsx';
import { useFormat } from '../../../lib/format.ts';

const goals = (value: number | null): string => (value === null ? '–' : String(value));

/** A match in one card: competition, teams, score, status and kick-off, with a link to its own page. */
export function MatchSummary({ match, matchHref }: { match: Match; matchHref: string }) {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const format = useFormat();
  const { home, away } = matchOutcome(match).score;
  return (
    <section
      className="match-summary"
      data-testid="match-summary"
      data-match-id={match.id}
      aria-label={match.competition.name}
    >
      <p className="match-summary__competition">{match.competition.name}</p>
      <div className="match-summary__board">
        <span className="match-summary__team" data-testid="summary-home">
          {match.home.name}
        </span>
        <span className="match-summary__score" data-testid="summary-score">
          <span className="visually-hidden">{t('matchHighlight.score')}: </span>
          {goals(home)} - {goals(away)}
          <ScoreNotes match={match} />
        </span>
        <span className="match-summary__team" data-testid="summary-away">
          {match.away.name}
        </span>
      </div>
      <OutcomeLine match={match} className="match-summary__outcome" />
      <p className="match-summary__meta">
        <span>{tCommon(`status.${match.status}` as 'status.scheduled', { defaultValue: match.status })}</span>
        <span aria-hidden="true"> · </span>
        <span>
          {t('matchHighlight.kickoff')}{' '}
          <time dateTime={match.kickoff}>{format.date(match.kickoff, 'dateTime')}</time>
        </span>
      </p>
      <Link className="button" to={matchHref} data-testid="summary-match-link">
        {t('matchHighlight.toMatch')}
      </Link>
    </section>
  );
}

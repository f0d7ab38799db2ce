import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Match } from '@pitchside/shared/domain';
import { useFormat, formatDate } from '../../../lib/format.ts';
import { useRoundName } from '../hooks/use-round-name.ts';
import { roundsInOrder, type WorldCupGoal } from '../utils/world-cup-rounds.ts';
import { WorldCupScore } from './world-cup-score.tsx';

/**
 * Every match of the tournament, round by round: the teams, the result (extra time and shoot-out
 * included), the scorers with their minutes, and the way to the match's centre and to its stream.
 */
export function WorldCupResults({
  matches,
  goals,
  matchHref,
  streamHref,
}: {
  matches: readonly Match[];
  goals: Readonly<Record<string, readonly WorldCupGoal[]>>;
  matchHref: (matchId: string) => string;
  streamHref: (matchId: string) => string;
}) {
  const { t } = useTranslation('explore');
  const { locale, timeZone } = useFormat();
  const roundName = useRoundName();
  return (
    <section className="wc-results" aria-labelledby="wc-results-title" data-testid="wc-results">
      <h2 id="wc-results-title">{t('worldCup.resultsTitle')}</h2>
      {roundsInOrder(matches).map((round) => (
        <section className="wc-results__round" key={round.name}>
          <h3>{roundName({ name: round.name, day: round.matches[0]!.kickoff.slice(0, 10) })}</h3>
          <ul>
            {round.matches.map((match) => (
              <li key={match.id} className="wc-result" data-testid="wc-result" data-match-id={match.id}>
                <div className="wc-result__line">
                  <time className="wc-result__date" dateTime={match.kickoff}>
                    {formatDate(match.kickoff, 'dayMonth', locale, timeZone)}
                  </time>
                  <span className="wc-result__team">{match.home.name}</span>
                  <WorldCupScore match={match} />
                  <span className="wc-result__team wc-result__team--away">{match.away.name}</span>
                </div>
                <Scorers goals={goals[match.id] ?? []} />
                <p className="wc-result__links">
                  <Link to={matchHref(match.id)}>{t('worldCup.matchCentre')}</Link>
                  <Link to={streamHref(match.id)} data-testid="wc-stream-link">
                    {t('worldCup.watch')}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Scorers({ goals }: { goals: readonly WorldCupGoal[] }) {
  const { t } = useTranslation('explore');
  if (goals.length === 0) return null;
  const line = (side: 'home' | 'away') =>
    goals
      .filter((g) => g.side === side)
      .map((g) => {
        const minute = g.stoppage ? `${g.minute}+${g.stoppage}` : String(g.minute);
        const note =
          g.kind === 'penalty_goal'
            ? ` ${t('worldCup.penaltyShort')}`
            : g.kind === 'own_goal'
              ? ` ${t('worldCup.ownGoalShort')}`
              : '';
        return `${g.player} ${t('worldCup.minute', { minute })}${note}`;
      })
      .join(', ');
  return (
    <p className="wc-result__scorers" data-testid="wc-scorers">
      <span data-side="home">{line('home')}</span>
      <span data-side="away">{line('away')}</span>
    </p>
  );
}

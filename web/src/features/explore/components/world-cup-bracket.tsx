import { useTranslation } from 'react-i18next';
import type { Match } from '@pitchside/shared/domain';
import { useRoundName } from '../hooks/use-round-name.ts';
import { bracketRounds, THIRD_PLACE_ROUND, winnerOf } from '../utils/world-cup-rounds.ts';
import { WorldCupScore } from './world-cup-score.tsx';

/**
 * The knockout bracket, round of 16 to the final (and the play-off for third place): each tie with its
 * score, extra time and shoot-out, the team that went through in bold. Columns appear as the rounds do.
 */
export function WorldCupBracket({
  matches,
  matchHref,
}: {
  matches: readonly Match[];
  matchHref: (matchId: string) => string;
}) {
  const { t } = useTranslation('explore');
  const roundName = useRoundName();
  const rounds = bracketRounds(matches);
  const thirdPlace = matches.find((m) => m.round === THIRD_PLACE_ROUND);
  if (rounds.length === 0) return null;
  return (
    <section className="wc-bracket" aria-labelledby="wc-bracket-title" data-testid="wc-bracket">
      <h2 id="wc-bracket-title">{t('worldCup.bracketTitle')}</h2>
      <div className="wc-bracket__rounds">
        {rounds.map((round) => (
          <div className="wc-bracket__round" key={round.name} data-round={round.name}>
            <h3>{roundName({ name: round.name, day: '' })}</h3>
            <ol>
              {round.matches.map((match) => (
                <li key={match.id}>
                  <Tie match={match} href={matchHref(match.id)} />
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
      {thirdPlace && (
        <div className="wc-bracket__third" data-round={THIRD_PLACE_ROUND}>
          <h3>{roundName({ name: THIRD_PLACE_ROUND, day: '' })}</h3>
          <Tie match={thirdPlace} href={matchHref(thirdPlace.id)} />
        </div>
      )}
    </section>
  );
}

function Tie({ match, href }: { match: Match; href: string }) {
  const winner = winnerOf(match);
  return (
    <a
      className="wc-tie"
      href={href}
      data-testid="wc-tie"
      data-match-id={match.id}
      data-winner={winner ?? ''}
    >
      <span className={winner === 'home' ? 'wc-tie__team wc-tie__team--through' : 'wc-tie__team'}>
        {match.home.name}
      </span>
      <WorldCupScore match={match} />
      <span className={winner === 'away' ? 'wc-tie__team wc-tie__team--through' : 'wc-tie__team'}>
        {match.away.name}
      </span>
    </a>
  );
}

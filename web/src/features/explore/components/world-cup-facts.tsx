import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, useFormat } from '../../../lib/format.ts';
import { WORLD_CUP_2022 as WC } from '../utils/world-cup-2022.ts';

interface WorldCupFactsProps {
  liveHref: string;
  highlightsHref: string;
  leaguesHref: string;
}

/**
 * The 2022 World Cup as a fact sheet, for when the game API holds none of its matches: the final (3–3,
 * Argentina on penalties 4–2), the last four, the awards, and where to watch football live now.
 */
export function WorldCupFacts({ liveHref, highlightsHref, leaguesHref }: WorldCupFactsProps) {
  const { t } = useTranslation('explore');
  const format = useFormat();
  // Fixed instants of a past tournament: the dates are the ones in Qatar, whatever the visitor's zone.
  const day = (iso: string) => formatDate(`${iso}T12:00:00Z`, 'longDate', format.locale, 'UTC');
  const nation = (code: 'AR' | 'FR' | 'HR' | 'MA') => t(`worldCup.nation.${code}`);
  const { final } = WC;

  return (
    <>
      <p className="explore-lead" data-testid="world-cup-intro">
        {t('worldCup.intro', {
          start: day(WC.start),
          end: day(WC.end),
          teams: WC.teams,
          matches: WC.matches,
          goals: WC.goals,
        })}
      </p>

      <section
        className="explore-card wc-final"
        aria-labelledby="wc-final-title"
        data-testid="world-cup-final"
      >
        <h2 className="explore-card__title" id="wc-final-title">
          {t('worldCup.finalTitle')}
        </h2>
        <div className="wc-final__board">
          <span className="wc-final__team wc-final__team--winner">{nation(final.home)}</span>
          <span className="wc-final__score" data-testid="world-cup-final-score">
            {`${final.score.home}–${final.score.away}`}
          </span>
          <span className="wc-final__team">{nation(final.away)}</span>
        </div>
        <p className="wc-final__status" data-testid="world-cup-final-status">
          {t('worldCup.finalStatus', {
            winner: nation(final.home),
            home: final.penalties.home,
            away: final.penalties.away,
          })}
        </p>
        <p className="wc-final__where">
          {t('worldCup.finalWhere', {
            date: day(final.kickoff.slice(0, 10)),
            venue: final.venue,
            city: final.city,
          })}
        </p>
        <ol className="wc-final__goals" aria-label={t('worldCup.goals')}>
          {final.goals.map((goal) => (
            <li
              key={`${goal.minute}-${goal.player}`}
              className={`wc-final__goal wc-final__goal--${goal.side}`}
            >
              <span className="wc-final__minute">{t('worldCup.minute', { minute: goal.minute })}</span>
              <span>
                {goal.player}
                {goal.penalty ? ` ${t('worldCup.penaltyGoal')}` : ''}
              </span>
              <span className="wc-final__for">{nation(goal.side === 'home' ? final.home : final.away)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="explore-card" aria-labelledby="wc-standing-title">
        <h2 className="explore-card__title" id="wc-standing-title">
          {t('worldCup.standingTitle')}
        </h2>
        <dl className="explore-facts explore-facts--list">
          <div>
            <dt>{t('worldCup.champion')}</dt>
            <dd data-testid="world-cup-champion">{nation(WC.podium.champion)}</dd>
          </div>
          <div>
            <dt>{t('worldCup.runnerUp')}</dt>
            <dd>{nation(WC.podium.runnerUp)}</dd>
          </div>
          <div>
            <dt>{t('worldCup.third')}</dt>
            <dd>
              {t('worldCup.thirdPlace', {
                winner: nation(WC.thirdPlace.home),
                loser: nation(WC.thirdPlace.away),
                score: `${WC.thirdPlace.score.home}–${WC.thirdPlace.score.away}`,
              })}
            </dd>
          </div>
        </dl>
      </section>

      <section className="explore-card" aria-labelledby="wc-awards-title">
        <h2 className="explore-card__title" id="wc-awards-title">
          {t('worldCup.awardsTitle')}
        </h2>
        <dl className="explore-facts explore-facts--list">
          <div>
            <dt>{t('worldCup.goldenBall')}</dt>
            <dd>{WC.awards.goldenBall}</dd>
          </div>
          <div>
            <dt>{t('worldCup.goldenBoot')}</dt>
            <dd>
              {t('worldCup.goldenBootValue', {
                player: WC.awards.goldenBoot.player,
                count: WC.awards.goldenBoot.goals,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('worldCup.goldenGlove')}</dt>
            <dd>{WC.awards.goldenGlove}</dd>
          </div>
          <div>
            <dt>{t('worldCup.youngPlayer')}</dt>
            <dd>{WC.awards.youngPlayer}</dd>
          </div>
        </dl>
      </section>

      <section
        className="explore-card"
        aria-labelledby="wc-streaming-title"
        data-testid="world-cup-streaming"
      >
        <h2 className="explore-card__title" id="wc-streaming-title">
          {t('worldCup.streamingTitle')}
        </h2>
        <p className="explore-card__body">{t('worldCup.streamingBody')}</p>
        <ul className="link-list link-list--inline">
          <li>
            <Link className="link-list__link" to={liveHref}>
              {t('worldCup.watchLive')}
            </Link>
          </li>
          <li>
            <Link className="link-list__link" to={highlightsHref}>
              {t('worldCup.highlights')}
            </Link>
          </li>
          <li>
            <Link className="link-list__link" to={leaguesHref}>
              {t('worldCup.leagues')}
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}

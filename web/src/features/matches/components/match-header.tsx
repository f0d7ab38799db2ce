import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { matchOutcome, type Match, type MatchStatus } from '@pitchside/shared/domain';
import { OutcomeLine } from '../../../components/match-outcome.tsx';
import { useFormat } from '../../../lib/format.ts';
import { scoreText } from '../../../lib/score-text.ts';
import { CompetitionHeader } from './competition-header.tsx';
import { Crest } from '../../../components/crest.tsx';
import { MatchClock } from '../../../components/match-clock.tsx';

/** The top of a match page: competition, the two teams and the score, status and clock, kickoff and venue. */
export function MatchHeader({ match }: { match: Match }) {
  const { t, i18n } = useTranslation();
  const { t: tMatch } = useTranslation('match');
  const format = useFormat();
  const outcome = matchOutcome(match);
  const { score, penalties, aggregate } = outcome;
  const venue = [match.venue?.name, match.venue?.city].filter(Boolean).join(', ');
  return (
    <section className="match-header" aria-labelledby="match-title">
      <h1 className="visually-hidden" id="match-title">
        {t('match.title', { home: match.home.name, away: match.away.name })}
      </h1>
      <CompetitionHeader competition={match.competition} />
      <div className="match-header__board">
        <div className="match-header__team">
          <Crest src={match.home.logo} name={match.home.name} size="lg" />
          <span className="match-header__team-name" data-testid="match-home-name">
            {match.home.name}
          </span>
        </div>
        <div className="match-header__centre">
          <div className="match-header__score" aria-label={t('match.scoreLabel')}>
            <span data-testid="match-score-home">{scoreText(score.home)}</span>
            <span aria-hidden="true">-</span>
            <span data-testid="match-score-away">{scoreText(score.away)}</span>
          </div>
          {penalties && (
            <div className="match-header__penalties" data-testid="match-penalties">
              {t('match.penalties', { ...penalties })}
            </div>
          )}
          {aggregate && (
            <div className="match-header__penalties" data-testid="match-aggregate">
              {t('match.aggregate', { ...aggregate })}
            </div>
          )}
          <MatchClock match={match} testId="match-clock" className="match-header__clock" />
          <div className="match-header__status" data-testid="match-status" data-status={match.status}>
            {match.status === 'finished_pen' && outcome.extraTime
              ? t('match.afterExtraTimeAndPenalties')
              : statusLabel(match.status, i18n, t, tMatch)}
          </div>
          <OutcomeLine match={match} className="match-header__outcome" />
        </div>
        <div className="match-header__team">
          <Crest src={match.away.logo} name={match.away.name} size="lg" />
          <span className="match-header__team-name" data-testid="match-away-name">
            {match.away.name}
          </span>
        </div>
      </div>
      {match.score.periods && match.score.periods.length > 0 && <PeriodScores match={match} />}
      <dl className="match-header__facts">
        <div>
          <dt>{t('match.kickoff')}</dt>
          <dd>
            <time dateTime={match.kickoff} data-testid="match-kickoff">
              {format.date(match.kickoff, 'dateTime')}
            </time>
          </dd>
        </div>
        {venue && (
          <div>
            <dt>{t('match.venue')}</dt>
            <dd data-testid="match-venue">{venue}</dd>
          </div>
        )}
        {match.round && (
          <div>
            <dt>{t('match.round')}</dt>
            <dd>{match.round}</dd>
          </div>
        )}
        {match.referee && (
          <div>
            <dt>{t('match.referee')}</dt>
            <dd>{match.referee}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * A status's words: football's from the common messages, other sports' periods (basketball's quarters)
 * from the match page's, and "status not known" for one that neither has words for yet (a sport added
 * before its messages), rather than a raw key.
 */
function statusLabel(
  status: MatchStatus,
  i18n: I18n,
  t: TFunction<'common'>,
  tMatch: TFunction<'match'>,
): string {
  if (i18n.exists(`status.${status}`)) return t(`status.${status}` as 'status.scheduled');
  if (i18n.exists(`match:status.${status}`)) return tMatch(`status.${status}` as 'status.overtime');
  return tMatch('status.other');
}

/** Basketball's quarters (and overtime), each side's points per period, under the score. */
function PeriodScores({ match }: { match: Match }) {
  const { t } = useTranslation('match');
  const periods = match.score.periods ?? [];
  return (
    <table className="period-scores" data-testid="period-scores">
      <caption className="visually-hidden">{t('periods.label')}</caption>
      <thead>
        <tr>
          <td />
          {periods.map((_, i) => (
            <th scope="col" key={i}>
              {i < 4 ? t('periods.quarter', { number: i + 1 }) : t('periods.overtime')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(['home', 'away'] as const).map((side) => (
          <tr key={side}>
            <th scope="row">{match[side].name}</th>
            {periods.map((period, i) => (
              <td key={i}>{scoreText(period[side])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

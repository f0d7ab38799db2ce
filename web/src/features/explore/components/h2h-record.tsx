import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HeadToHead } from '@pitchside/shared/protocol';
import { Crest } from '../../../components/crest.tsx';

interface H2hRecordProps {
  h2h: HeadToHead;
  teamHref: (teamId: string) => string;
}

/** The two teams and their record over every meeting we hold: wins each side, draws, goals, as one bar. */
export function H2hRecord({ h2h, teamHref }: H2hRecordProps) {
  const { t } = useTranslation('explore');
  const { a, b } = h2h.teams;
  const { played, winsA, draws, winsB, goalsA, goalsB } = h2h.record;
  const share = (n: number) => (played === 0 ? 0 : (n / played) * 100);

  return (
    <section className="explore-card h2h" aria-labelledby="h2h-title" data-testid="h2h-record">
      <h1 className="h2h__title" id="h2h-title">
        {t('h2h.heading', { home: a.name, away: b.name })}
      </h1>
      <div className="h2h__teams">
        <Link className="h2h__team" to={teamHref(a.id)} data-testid="h2h-team-a">
          <Crest src={a.logo} name={a.name} size="lg" />
          <span className="h2h__team-name">{a.name}</span>
        </Link>
        <span className="h2h__played" data-testid="h2h-played">
          {t('h2h.played', { count: played })}
        </span>
        <Link className="h2h__team" to={teamHref(b.id)} data-testid="h2h-team-b">
          <Crest src={b.logo} name={b.name} size="lg" />
          <span className="h2h__team-name">{b.name}</span>
        </Link>
      </div>
      <dl className="h2h__numbers">
        <div className="h2h__number h2h__number--a">
          <dt>{t('h2h.wins', { name: a.name })}</dt>
          <dd data-testid="h2h-wins-a">{winsA}</dd>
        </div>
        <div className="h2h__number h2h__number--draw">
          <dt>{t('h2h.draws')}</dt>
          <dd data-testid="h2h-draws">{draws}</dd>
        </div>
        <div className="h2h__number h2h__number--b">
          <dt>{t('h2h.wins', { name: b.name })}</dt>
          <dd data-testid="h2h-wins-b">{winsB}</dd>
        </div>
      </dl>
      {played > 0 && (
        <div className="h2h__bar" aria-hidden="true" data-testid="h2h-bar">
          <span className="h2h__bar-part h2h__bar-part--a" style={{ width: `${share(winsA)}%` }} />
          <span className="h2h__bar-part h2h__bar-part--draw" style={{ width: `${share(draws)}%` }} />
          <span className="h2h__bar-part h2h__bar-part--b" style={{ width: `${share(winsB)}%` }} />
        </div>
      )}
      <p className="h2h__goals" data-testid="h2h-goals">
        {t('h2h.goals', { home: a.name, away: b.name, goalsHome: goalsA, goalsAway: goalsB })}
      </p>
    </section>
  );
}

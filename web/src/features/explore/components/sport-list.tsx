import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SportSummary } from '@pitchside/shared/protocol';
import { useSportName } from '../hooks/use-sport-name.ts';

/** Every sport the site covers, with how many competitions it has and how many games are live now. */
export function SportList({
  sports,
  sportHref,
}: {
  sports: readonly SportSummary[];
  sportHref: (slug: string) => string;
}) {
  const { t } = useTranslation('explore');
  const name = useSportName();
  return (
    <ul className="sport-list" data-testid="sport-list">
      {sports.map((sport) => (
        <li key={sport.slug} data-testid="sport-item" data-sport={sport.slug}>
          <Link className="explore-card sport-list__link" to={sportHref(sport.slug)}>
            <span className={`sport-icon sport-icon--${sport.slug}`} aria-hidden="true" />
            <span className="sport-list__text">
              <span className="sport-list__name">{name(sport)}</span>
              <span className="sport-list__meta">
                {t('sports.competitionCount', { count: sport.competitions })}
              </span>
            </span>
            <span
              className={`sport-list__live ${sport.live > 0 ? 'sport-list__live--on' : ''}`}
              data-testid="sport-live"
            >
              {t('sports.live', { count: sport.live })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team } from '@pitchside/shared/domain';
import { useFormat } from '../../../lib/format.ts';
import { Crest } from '../../../components/crest.tsx';

/** The top of a team page: crest, name, country, ground and founding year, and the favourite toggle. */
export function TeamHeader({ team, star }: { team: Team; star?: ReactNode }) {
  const { t } = useTranslation('explore');
  const format = useFormat();
  const venue = team.venue;
  const ground = [venue?.name, venue?.city].filter(Boolean).join(', ');
  return (
    <header className="explore-card explore-hero" data-testid="team-header">
      <Crest src={team.logo} name={team.name} size="lg" />
      <div className="explore-hero__text">
        <h1 className="explore-hero__title" data-testid="team-name">
          {team.name}
        </h1>
        {team.country && (
          <p className="explore-hero__meta" data-testid="team-country">
            {team.country}
          </p>
        )}
        <dl className="explore-facts">
          {ground && (
            <div>
              <dt>{t('team.venue')}</dt>
              <dd data-testid="team-venue">
                {ground}
                {venue?.capacity
                  ? ` (${t('team.capacity', { capacity: format.number(venue.capacity) })})`
                  : ''}
              </dd>
            </div>
          )}
          {team.founded && (
            <div>
              <dt>{t('team.founded')}</dt>
              <dd data-testid="team-founded">{team.founded}</dd>
            </div>
          )}
        </dl>
      </div>
      {star && <div className="explore-hero__actions">{star}</div>}
    </header>
  );
}

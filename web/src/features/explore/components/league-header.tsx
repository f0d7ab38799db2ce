import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Competition } from '@pitchside/shared/domain';
import { Crest } from '../../../components/crest.tsx';
import { isInternational } from '../utils/competition-groups.ts';

/** The top of a league page: logo, name, country and season, and the favourite toggle. */
export function LeagueHeader({ competition, star }: { competition: Competition; star?: ReactNode }) {
  const { t } = useTranslation('explore');
  return (
    <header className="explore-card explore-hero" data-testid="league-header">
      <Crest src={competition.logo} name={competition.name} size="lg" />
      <div className="explore-hero__text">
        <h1 className="explore-hero__title" data-testid="league-name">
          {competition.name}
        </h1>
        <p className="explore-hero__meta">
          <span data-testid="league-country">
            {isInternational(competition) ? t('leagues.international') : competition.country}
          </span>
          <span aria-hidden="true"> · </span>
          <span data-testid="league-season">{t('league.season', { season: competition.season })}</span>
          <span aria-hidden="true"> · </span>
          <span>{t(`league.type.${competition.type}`)}</span>
        </p>
      </div>
      {star && <div className="explore-hero__actions">{star}</div>}
    </header>
  );
}

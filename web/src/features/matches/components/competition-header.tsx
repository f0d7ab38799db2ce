import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SPORT, sportOf, type CompetitionRef } from '@pitchside/shared/domain';
import { namedCountry } from '../../../lib/competition-country.ts';
import { Crest } from '../../../components/crest.tsx';
import { SportIcon, useSportName } from './sport-icon.tsx';

interface CompetitionHeaderProps {
  competition: CompetitionRef;
  /** The heading's id, for the section it labels. */
  id?: string;
  /** 2 on its own, 3 inside a titled section (the home page's "Today's matches"). */
  headingLevel?: 2 | 3;
  /** Something to act on the competition with, at the row's end (the favourites star). */
  action?: ReactNode;
}

/** The row above a competition's matches: logo, name, country; the sport when it is not football. */
export function CompetitionHeader({ competition, id, headingLevel = 2, action }: CompetitionHeaderProps) {
  const { t } = useTranslation();
  const sportName = useSportName();
  const sport = sportOf(competition);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <header className="competition-header" data-sport={sport}>
      <Crest src={competition.logo} name={competition.name} />
      <div className="competition-header__text">
        <Heading className="competition-header__name" id={id}>
          {competition.name}
        </Heading>
        <span className="competition-header__country">
          {sport !== DEFAULT_SPORT && (
            <>
              <span className="competition-header__sport" data-testid="competition-sport">
                <SportIcon sport={sport} />
                {sportName(sport)}
              </span>
              <span className="competition-header__separator" aria-hidden="true">
                ·
              </span>
            </>
          )}
          {namedCountry(competition.country) ?? t('competition.international')}
        </span>
      </div>
      {action && <div className="competition-header__action">{action}</div>}
    </header>
  );
}

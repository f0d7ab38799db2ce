import { useTranslation } from 'react-i18next';
import type { CompetitionRef } from '@pitchside/shared/domain';
import { Crest } from './crest.tsx';

/** The row above a competition's matches: logo, name, country. */
export function CompetitionHeader({ competition, id }: { competition: CompetitionRef; id?: string }) {
  const { t } = useTranslation();
  return (
    <header className="competition-header">
      <Crest src={competition.logo} name={competition.name} />
      <div className="competition-header__text">
        <h2 className="competition-header__name" id={id}>
          {competition.name}
        </h2>
        <span className="competition-header__country">
          {competition.country ?? t('competition.international')}
        </span>
      </div>
    </header>
  );
}

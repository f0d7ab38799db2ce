import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Team } from '@pitchside/shared/domain';
import { Crest } from '../../../components/crest.tsx';

interface TeamResultsProps {
  teams: readonly Team[];
  teamHref: (teamId: string) => string;
  /** The favourite toggle of one team (the route brings the favourites feature). */
  star?: (team: Team) => ReactNode;
  label: string;
  testId?: string;
}

/** Teams as a list of rows: crest, name, country, and a star. */
export function TeamResults({ teams, teamHref, star, label, testId = 'team-results' }: TeamResultsProps) {
  return (
    <ul className="explore-card team-results" aria-label={label} data-testid={testId}>
      {teams.map((team) => (
        <li key={team.id} className="team-results__item" data-testid="team-result" data-team-id={team.id}>
          <Link className="team-results__link" to={teamHref(team.id)}>
            <Crest src={team.logo} name={team.name} size="md" />
            <span className="team-results__text">
              <span className="team-results__name">{team.name}</span>
              {team.country && <span className="team-results__meta">{team.country}</span>}
            </span>
          </Link>
          {star?.(team)}
        </li>
      ))}
    </ul>
  );
}

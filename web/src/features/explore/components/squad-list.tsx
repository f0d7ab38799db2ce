import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { compareSquadPlayers, type PlayerPosition, type SquadPlayer } from '@pitchside/shared/domain';

const POSITIONS = ['G', 'D', 'M', 'F'] as const satisfies readonly PlayerPosition[];
type Line = PlayerPosition | 'other';

/** A squad as a team sheet: goalkeepers, defenders, midfielders, forwards, each by shirt number. */
export function SquadList({ players }: { players: readonly SquadPlayer[] }) {
  const { t } = useTranslation('explore');
  const lines = useMemo(() => {
    const sorted = [...players].sort(compareSquadPlayers);
    const byLine = new Map<Line, SquadPlayer[]>();
    for (const player of sorted) {
      const line: Line = player.position ?? 'other';
      byLine.set(line, [...(byLine.get(line) ?? []), player]);
    }
    return [...POSITIONS, 'other' as const].flatMap((line) => {
      const list = byLine.get(line);
      return list ? [{ line, players: list }] : [];
    });
  }, [players]);

  return (
    <div className="squad" data-testid="squad">
      {lines.map(({ line, players: list }) => (
        <section key={line} className="squad__line" data-position={line} data-testid="squad-line">
          <h3 className="squad__heading">{t(`squad.position.${line}`)}</h3>
          <ul className="squad__players">
            {list.map((player, index) => (
              <li
                key={player.id ?? `${player.name}-${index}`}
                className="squad__player"
                data-testid="squad-player"
              >
                <span className="squad__number">
                  {player.number === null ? (
                    <span aria-hidden="true">–</span>
                  ) : (
                    <>
                      <span className="visually-hidden">{t('squad.number')} </span>
                      {player.number}
                    </>
                  )}
                </span>
                <span className="squad__name">{player.name}</span>
                {player.age !== null && (
                  <span className="squad__age">{t('squad.age', { count: player.age })}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

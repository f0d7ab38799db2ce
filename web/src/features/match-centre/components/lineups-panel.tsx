import { useMemo, type CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Kit, Lineup, LineupPlayer, Match, MatchEvent, TeamRef } from '@pitchside/shared/domain';
import { placeLineup, shortName, type PitchSpot } from '../utils/pitch-layout.ts';
import { playerMarks, type PlayerMarks } from '../utils/player-marks.ts';
import { PanelEmpty } from './panel-empty.tsx';

type Side = 'home' | 'away';

interface TeamLineup {
  side: Side;
  team: TeamRef;
  lineup: Lineup;
  spots: PitchSpot[] | null;
}

interface LineupsPanelProps {
  match: Pick<Match, 'home' | 'away' | 'status'>;
  lineups: readonly Lineup[];
  events: readonly MatchEvent[];
}

/**
 * Both starting XIs on one pitch, drawn from the provider's formation grid in the teams' kit colours:
 * home at the bottom attacking up, away at the top attacking down on a phone; home on the left and away
 * on the right on a wide screen (the stylesheet turns each player's place in his half into either).
 * Goals, cards and substitutions from the timeline mark the players, live. Substitutes and coaches are
 * listed below. A team whose places are unknown is listed instead of drawn.
 */
export function LineupsPanel({ match, lineups, events }: LineupsPanelProps) {
  const { t } = useTranslation('match');
  const marks = useMemo(() => playerMarks(events), [events]);
  const teams = useMemo(() => teamLineups(match, lineups), [match, lineups]);

  if (teams.length === 0) {
    return (
      <section className="lineups" aria-labelledby="lineups-title">
        <h2 className="section-title" id="lineups-title">
          {t('lineups.title')}
        </h2>
        <PanelEmpty
          title={match.status === 'scheduled' ? t('lineups.emptyTitle') : t('lineups.emptyTitleNone')}
          body={match.status === 'scheduled' ? t('lineups.emptyBeforeKickoff') : t('lineups.emptyNone')}
        />
      </section>
    );
  }

  const drawn = teams.filter((team) => team.spots !== null);
  const listed = teams.filter((team) => team.spots === null);
  return (
    <section className="lineups" aria-labelledby="lineups-title">
      <h2 className="section-title" id="lineups-title">
        {t('lineups.title')}
      </h2>
      {drawn.length > 0 && (
        <div className="pitch" data-testid="pitch">
          <PitchMarkings />
          {drawn.map((team) => (
            <TeamLabel key={`label-${team.side}`} team={team} />
          ))}
          {drawn.map((team) => (
            <ol
              key={team.side}
              className={`pitch__team pitch__team--${team.side}`}
              aria-label={startingLabel(t, team)}
              data-testid="pitch-team"
              data-side={team.side}
            >
              {team.spots!.map((spot, i) => (
                <PitchPlayer
                  key={playerKey(spot.player, i)}
                  spot={spot}
                  kit={kitOf(team.lineup, spot.goalkeeper)}
                  marks={marks}
                />
              ))}
            </ol>
          ))}
        </div>
      )}
      {listed.map((team) => (
        <div className="lineups__listed" key={team.side}>
          <h3 className="lineups__heading">{startingLabel(t, team)}</h3>
          <p className="lineups__note">{t('lineups.noPitch')}</p>
          <PlayerList players={team.lineup.startXI} marks={marks} testId="starter" />
        </div>
      ))}
      <div className="lineups__benches">
        {teams.map((team) => (
          <section
            key={team.side}
            className={`bench bench--${team.side}`}
            aria-labelledby={`bench-${team.side}`}
            data-testid="bench"
            data-side={team.side}
          >
            <h3 className="lineups__heading" id={`bench-${team.side}`}>
              {team.team.name}
            </h3>
            <h4 className="bench__title">{t('lineups.substitutes')}</h4>
            {team.lineup.substitutes.length > 0 ? (
              <PlayerList players={team.lineup.substitutes} marks={marks} testId="substitute" />
            ) : (
              <p className="bench__none">{t('lineups.noSubstitutes')}</p>
            )}
            <h4 className="bench__title">{t('lineups.coach')}</h4>
            <p className="bench__coach" data-testid="coach">
              {team.lineup.coach?.name ?? t('lineups.unknownCoach')}
            </p>
          </section>
        ))}
      </div>
    </section>
  );
}

/** Home and away lineups by team id (a provider with other ids: by position, home first). */
function teamLineups(match: LineupsPanelProps['match'], lineups: readonly Lineup[]): TeamLineup[] {
  const pick = (team: TeamRef, index: number) =>
    lineups.find((l) => l.teamId === team.id) ??
    (lineups.length === 2 && !lineups.some((l) => l.teamId === match.home.id || l.teamId === match.away.id)
      ? lineups[index]
      : undefined);
  const out: TeamLineup[] = [];
  for (const [side, team, index] of [
    ['home', match.home, 0],
    ['away', match.away, 1],
  ] as const) {
    const lineup = pick(team, index);
    if (lineup && (lineup.startXI.length > 0 || lineup.substitutes.length > 0)) {
      out.push({ side, team, lineup, spots: placeLineup(lineup) });
    }
  }
  return out;
}

function startingLabel(t: TFunction<'match'>, team: TeamLineup): string {
  return team.lineup.formation
    ? t('lineups.startingWithFormation', { team: team.team.name, formation: team.lineup.formation })
    : t('lineups.starting', { team: team.team.name });
}

const playerKey = (player: LineupPlayer, index: number): string => player.id ?? `${index}-${player.name}`;

/** Kit colours from the provider, as CSS variables; the stylesheet has each side's fallback. */
function kitOf(lineup: Lineup, goalkeeper: boolean): CSSProperties {
  const kit: Kit | null = (goalkeeper ? lineup.colours.goalkeeper : lineup.colours.player) ?? null;
  const style: Record<string, string> = {};
  if (kit?.primary) style['--kit'] = `#${kit.primary}`;
  if (kit?.number) style['--kit-number'] = `#${kit.number}`;
  if (kit?.border) style['--kit-border'] = `#${kit.border}`;
  return style as CSSProperties;
}

function TeamLabel({ team }: { team: TeamLineup }) {
  return (
    <p className={`pitch__label pitch__label--${team.side}`} aria-hidden="true">
      <span className="pitch__label-name">{team.team.name}</span>
      {team.lineup.formation && <span className="pitch__label-formation">{team.lineup.formation}</span>}
    </p>
  );
}

function PitchPlayer({
  spot,
  kit,
  marks,
}: {
  spot: PitchSpot;
  kit: CSSProperties;
  marks: ReadonlyMap<string, PlayerMarks>;
}) {
  const mark = spot.player.id ? marks.get(spot.player.id) : undefined;
  const style = { ...kit, '--across': spot.across, '--depth': spot.depth } as CSSProperties;
  return (
    <li
      className={`pitch-player${spot.goalkeeper ? ' pitch-player--keeper' : ''}`}
      style={style}
      data-testid="pitch-player"
      data-player-id={spot.player.id ?? undefined}
    >
      <span className="pitch-player__shirt">{spot.player.number ?? ''}</span>
      <span className="pitch-player__name" aria-hidden="true">
        {shortName(spot.player.name)}
      </span>
      <span className="visually-hidden">{spot.player.name}</span>
      {mark && <Marks mark={mark} />}
    </li>
  );
}

function PlayerList({
  players,
  marks,
  testId,
}: {
  players: readonly LineupPlayer[];
  marks: ReadonlyMap<string, PlayerMarks>;
  testId: string;
}) {
  return (
    <ul className="player-list">
      {players.map((player, i) => {
        const mark = player.id ? marks.get(player.id) : undefined;
        return (
          <li className="player-list__item" key={playerKey(player, i)} data-testid={testId}>
            <span className="player-list__number">{player.number ?? ''}</span>
            <span className="player-list__name">{player.name}</span>
            {mark && <Marks mark={mark} />}
          </li>
        );
      })}
    </ul>
  );
}

/** Goals, a card, and when a player went off or came on: icons with their words for screen readers. */
function Marks({ mark }: { mark: PlayerMarks }) {
  const { t } = useTranslation('match');
  const { t: tCommon } = useTranslation();
  return (
    <span className="player-marks">
      {mark.goals > 0 && (
        <span className="player-marks__goal" data-testid="mark-goal">
          <Ball />
          {mark.goals > 1 && <span aria-hidden="true">{mark.goals}</span>}
          <span className="visually-hidden">{t('lineups.goals', { count: mark.goals })}</span>
        </span>
      )}
      {mark.ownGoals > 0 && (
        <span className="player-marks__goal player-marks__goal--own">
          <Ball />
          <span className="visually-hidden">{t('lineups.ownGoals', { count: mark.ownGoals })}</span>
        </span>
      )}
      {mark.card && (
        <span
          className={`player-marks__card player-marks__card--${mark.card}`}
          data-testid={`mark-${mark.card}`}
        >
          <span className="visually-hidden">
            {tCommon(mark.card === 'red' ? 'event.red' : 'event.yellow')}
          </span>
        </span>
      )}
      {mark.off && (
        <span className="player-marks__sub player-marks__sub--off">
          <span aria-hidden="true">▼</span>
          <span className="visually-hidden">{t('lineups.wentOff', { minute: mark.off })}</span>
        </span>
      )}
      {mark.on && (
        <span className="player-marks__sub player-marks__sub--on">
          <span aria-hidden="true">▲ {mark.on}'</span>
          <span className="visually-hidden">{t('lineups.cameOn', { minute: mark.on })}</span>
        </span>
      )}
    </span>
  );
}

const Ball = () => (
  <svg className="player-marks__ball" viewBox="0 0 16 16" aria-hidden="true">
    <circle cx="8" cy="8" r="7" fill="currentColor" />
    <path d="M8 4.2l2.6 1.9-1 3.1H6.4l-1-3.1z" fill="var(--ball-patch)" />
  </svg>
);

/** Touchlines, halfway line, centre circle, boxes and goals: decoration, drawn by the stylesheet. */
function PitchMarkings() {
  return (
    <div className="pitch__markings" aria-hidden="true">
      <span className="pitch__halfway" />
      <span className="pitch__circle" />
      <span className="pitch__spot" />
      <span className="pitch__box pitch__box--home" />
      <span className="pitch__box pitch__box--away" />
      <span className="pitch__six pitch__six--home" />
      <span className="pitch__six pitch__six--away" />
    </div>
  );
}

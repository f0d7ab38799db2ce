import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Match, Standings } from '@pitchside/shared/domain';
import { Crest } from '../../../components/crest.tsx';
import {
  formLetters,
  hasHomeAway,
  tableLines,
  TABLE_VIEWS,
  type TableView,
} from '../utils/standings-view.ts';
import { FormChips } from './form-chips.tsx';

interface StandingsTableProps {
  standings: Standings;
  teamHref: (teamId: string) => string;
  matchHref: (matchId: string) => string;
  /** The competition's matches in play: their teams are marked with the live score. */
  live: readonly Match[];
}

/**
 * The league table with its All / Home / Away switch (a tab list: arrow keys move between the tabs, as
 * WAI-ARIA's tabs pattern has it). One table per group for competitions played in groups. Zones
 * (promotion, relegation) colour the rank and are explained under the table.
 */
export function StandingsTable({ standings, teamHref, matchHref, live }: StandingsTableProps) {
  const { t } = useTranslation('explore');
  const [view, setView] = useState<TableView>('total');
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const rows = useMemo(() => standings.groups.flatMap((g) => g.rows), [standings]);
  const grouped = standings.groups.length > 1;
  const views = hasHomeAway(rows) ? TABLE_VIEWS : (['total'] as const);
  const zones = useMemo(() => zoneList(rows.map((r) => r.description)), [rows]);
  const liveByTeam = useMemo(() => {
    const map = new Map<string, Match>();
    for (const match of live) {
      map.set(match.home.id, match);
      map.set(match.away.id, match);
    }
    return map;
  }, [live]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = views.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setView(views[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <section className="explore-card standings" aria-labelledby={`${base}-title`} data-testid="standings">
      <div className="explore-card__head">
        <h2 className="explore-card__title" id={`${base}-title`}>
          {t('standings.title')}
        </h2>
        {views.length > 1 && (
          <div className="segmented" role="tablist" aria-label={t('standings.views')}>
            {views.map((v, index) => (
              <button
                key={v}
                ref={(node) => {
                  tabs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${v}`}
                aria-selected={view === v}
                aria-controls={`${base}-panel`}
                tabIndex={view === v ? 0 : -1}
                className="segmented__option"
                data-testid={`standings-view-${v}`}
                onClick={() => setView(v)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {t(`standings.view.${v}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      <div
        id={`${base}-panel`}
        role={views.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={views.length > 1 ? `${base}-tab-${view}` : undefined}
        data-view={view}
        data-testid="standings-panel"
      >
        {standings.groups.map((group, index) => (
          <table className="standings__table" key={group.name ?? index} data-testid="standings-table">
            <caption className={grouped && group.name ? 'standings__caption' : 'visually-hidden'}>
              {grouped && group.name
                ? group.name
                : t('standings.caption', { view: t(`standings.view.${view}`) })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="standings__rank">
                  <abbr title={t('standings.column.rankLong')}>{t('standings.column.rank')}</abbr>
                </th>
                <th scope="col" className="standings__team">
                  {t('standings.column.team')}
                </th>
                <Num short="played" />
                <Num short="won" wide />
                <Num short="drawn" wide />
                <Num short="lost" wide />
                <Num short="goals" wide />
                <Num short="goalDifference" />
                <Num short="points" />
                {view === 'total' && (
                  <th scope="col" className="standings__form">
                    {t('standings.column.form')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {tableLines(group.rows, view).map((line) => {
                // Zones belong to the overall table: a home or away position earns nothing.
                const zone =
                  view === 'total' && line.row.description ? zones.indexOf(line.row.description) + 1 : 0;
                const playing = liveByTeam.get(line.row.team.id);
                return (
                  <tr key={line.row.team.id} data-testid="standings-row" data-team-id={line.row.team.id}>
                    <td className={`standings__rank ${zone ? `zone zone--${Math.min(zone, 4)}` : ''}`}>
                      {line.rank}
                    </td>
                    <th scope="row" className="standings__team">
                      <div className="standings__team-cell">
                        <Link to={teamHref(line.row.team.id)} className="standings__team-link">
                          <Crest src={line.row.team.logo} name={line.row.team.name} />
                          <span className="standings__team-name">{line.row.team.name}</span>
                        </Link>
                        {playing && (
                          <Link
                            to={matchHref(playing.id)}
                            className="live-pill"
                            data-testid="standings-live"
                            title={t('standings.playingNow', {
                              home: playing.home.name,
                              away: playing.away.name,
                            })}
                          >
                            {playing.score.current.home ?? 0}–{playing.score.current.away ?? 0}
                            <span className="visually-hidden">
                              {t('standings.playingNow', {
                                home: playing.home.name,
                                away: playing.away.name,
                              })}
                            </span>
                          </Link>
                        )}
                      </div>
                    </th>
                    <td className="num">{line.record.played}</td>
                    <td className="num wide">{line.record.won}</td>
                    <td className="num wide">{line.record.drawn}</td>
                    <td className="num wide">{line.record.lost}</td>
                    <td className="num wide">
                      {line.record.goalsFor}:{line.record.goalsAgainst}
                    </td>
                    <td className="num">{signed(line.goalDifference)}</td>
                    <td className="num standings__points" data-testid="standings-points">
                      {line.points}
                    </td>
                    {view === 'total' && (
                      <td className="standings__form">
                        <FormChips results={formLetters(line.row.form).map((result) => ({ result }))} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
        {view === 'total' && zones.length > 0 && (
          <ul className="standings__zones" aria-label={t('standings.zones')}>
            {zones.slice(0, 4).map((zone, index) => (
              <li key={zone}>
                <span className={`zone-key zone--${index + 1}`} aria-hidden="true" />
                {zone}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

type Column = 'played' | 'won' | 'drawn' | 'lost' | 'goals' | 'goalDifference' | 'points';

function Num({ short, wide = false }: { short: Column; wide?: boolean }) {
  const { t } = useTranslation('explore');
  return (
    <th scope="col" className={`num ${wide ? 'wide' : ''}`}>
      <abbr title={t(`standings.column.${short}Long`)}>{t(`standings.column.${short}`)}</abbr>
    </th>
  );
}

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0');

/** Distinct zone descriptions in table order ("Promotion - …", "Relegation - …"). */
function zoneList(descriptions: readonly (string | null)[]): string[] {
  const seen: string[] = [];
  for (const d of descriptions) if (d && !seen.includes(d)) seen.push(d);
  return seen;
}

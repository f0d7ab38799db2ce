import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  matchOutcome,
  sportOf,
  type Match,
  type MatchStatus,
  type Standings,
} from '@pitchside/shared/domain';
import type { Ack } from '@pitchside/shared/protocol';
import { useFormat } from '../../../lib/format.ts';
import {
  liveStandings,
  pendingResult,
  tableState,
  type LiveGroup,
  type LiveRow,
  type TableState,
} from '../utils/live-table.ts';
import { PanelEmpty } from './panel-empty.tsx';

interface StandingsPanelProps {
  match: Pick<Match, 'id' | 'competition' | 'home' | 'away' | 'status' | 'score'>;
  /** The competition's tables as the API gave them (finished matches only); null while not loaded. */
  standings: Ack<Standings> | null;
  /** This match's status when the tables were read: decides whether they can hold its result already. */
  statusAtRead: MatchStatus;
  teamHref: (teamId: string) => string;
  leagueHref: string;
}

/**
 * The competition's table with this match's two teams highlighted. While the match is in play its
 * current score is counted (a "live table", FotMob's), so a goal moves points, goal difference and
 * places as it goes in; the arrows say who moved. Only the table (group) holding the two teams is shown
 * when the competition has several. Tables are computed for football only: other sports' rules differ.
 */
export function StandingsPanel({
  match,
  standings,
  statusAtRead,
  teamHref,
  leagueHref,
}: StandingsPanelProps) {
  const { t } = useTranslation('match');
  const football = sportOf(match.competition) === 'football';
  const { home, away } = matchOutcome(match).score;
  const table = standings && 'data' in standings ? standings.data : null;

  // Keyed on the score's two numbers, not the match object: a clock tick must not rebuild the table.
  const { status } = match;
  const homeId = match.home.id;
  const awayId = match.away.id;
  const groups = useMemo(() => {
    if (!table) return [];
    const scored = { status, home: { id: homeId }, away: { id: awayId }, score: { current: { home, away } } };
    const pending = football ? pendingResult(scored, statusAtRead) : null;
    const all = liveStandings(table, pending ? [pending] : []);
    const ours = all.filter((g) => g.rows.some((r) => r.team.id === homeId || r.team.id === awayId));
    return ours.length > 0 ? ours : all;
  }, [table, football, statusAtRead, status, homeId, awayId, home, away]);

  const shown = groups.some((g) => g.rows.length > 0);
  // Live or provisional only where the match is counted: a table holding both teams.
  const counted = groups.some((g) => g.rows.some((r) => r.changed));
  const state: TableState = counted ? tableState(match, statusAtRead) : 'official';

  let body;
  if (!standings) body = <p className="loading-inline">{t('table.loading')}</p>;
  else if ('error' in standings)
    body =
      standings.error.code === 'competition:not-found' ? (
        <PanelEmpty title={t('table.emptyTitle')} body={t('table.emptyBody')} />
      ) : (
        <PanelEmpty tone="error" title={t('table.error')} />
      );
  else if (!shown) body = <PanelEmpty title={t('table.emptyTitle')} body={t('table.emptyBody')} />;
  else
    body = groups.map((group, i) => (
      <GroupTable
        key={group.name ?? i}
        group={group}
        caption={group.name}
        competition={match.competition.name}
        state={state}
        homeId={match.home.id}
        awayId={match.away.id}
        teamHref={teamHref}
      />
    ));

  return (
    <section
      className="standings"
      aria-labelledby="standings-title"
      data-testid="standings"
      data-state={state}
    >
      <div className="standings__head">
        <h2 className="section-title" id="standings-title">
          {t('table.title', { competition: match.competition.name })}
        </h2>
        {state === 'live' && (
          <span className="live-badge" data-testid="live-table-badge">
            {t('table.live')}
          </span>
        )}
      </div>
      {state === 'live' && <p className="standings__note">{t('table.liveNote')}</p>}
      {state === 'provisional' && <p className="standings__note">{t('table.provisionalNote')}</p>}
      {body}
      <p className="panel-more">
        <Link to={leagueHref}>{t('table.more', { competition: match.competition.name })}</Link>
      </p>
    </section>
  );
}

interface GroupTableProps {
  group: LiveGroup;
  /** The group's name; a league's one table has none, and is captioned by the competition, unseen. */
  caption: string | null;
  competition: string;
  state: TableState;
  homeId: string;
  awayId: string;
  teamHref: (teamId: string) => string;
}

function GroupTable({ group, caption, competition, state, homeId, awayId, teamHref }: GroupTableProps) {
  const { t } = useTranslation('match');
  const zones = useMemo(() => zonesOf(group.rows), [group.rows]);
  return (
    <div className="standings__group">
      <div className="standings__scroll">
        <table className="standings-table" data-testid="standings-table">
          <caption className={caption ? 'standings-table__caption' : 'visually-hidden'}>
            {caption ?? competition}
          </caption>
          <thead>
            <tr>
              <Heading short={t('table.positionShort')} full={t('table.position')} />
              <th scope="col" className="standings-table__team">
                {t('table.team')}
              </th>
              <Heading short={t('table.playedShort')} full={t('table.played')} />
              <Heading short={t('table.wonShort')} full={t('table.won')} wide />
              <Heading short={t('table.drawnShort')} full={t('table.drawn')} wide />
              <Heading short={t('table.lostShort')} full={t('table.lost')} wide />
              <Heading short={t('table.goalsShort')} full={t('table.goals')} wide />
              <Heading short={t('table.goalDifferenceShort')} full={t('table.goalDifference')} />
              <Heading short={t('table.pointsShort')} full={t('table.points')} />
              <Heading short={t('table.formShort')} full={t('table.form')} wide />
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <TableRow
                key={row.team.id}
                row={row}
                zone={row.description ? zones.get(row.description) : undefined}
                state={state}
                highlight={row.team.id === homeId ? 'home' : row.team.id === awayId ? 'away' : null}
                href={teamHref(row.team.id)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {zones.size > 0 && (
        <ul className="standings__zones">
          {[...zones].map(([description, zone]) => (
            <li key={description} className={`zone zone--${zone}`}>
              {description}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Heading({ short, full, wide = false }: { short: string; full: string; wide?: boolean }) {
  return (
    <th scope="col" className={wide ? 'standings-table__wide' : undefined}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{full}</span>
    </th>
  );
}

interface TableRowProps {
  row: LiveRow;
  zone: string | undefined;
  state: TableState;
  highlight: 'home' | 'away' | null;
  href: string;
}

function TableRow({ row, zone, state, highlight, href }: TableRowProps) {
  const { t } = useTranslation('match');
  const format = useFormat();
  const moved = state === 'official' ? 0 : row.baseRank - row.rank;
  const { total } = row;
  return (
    <tr
      className={`standings-row${highlight ? ' standings-row--highlight' : ''}`}
      data-testid="table-row"
      data-team-id={row.team.id}
      data-highlight={highlight ?? undefined}
      data-changed={row.changed || undefined}
    >
      <td className={`standings-row__rank${zone ? ` zone zone--${zone}` : ''}`}>
        <span data-testid="table-rank">{row.rank}</span>
        {moved !== 0 && (
          <span className={`standings-row__move standings-row__move--${moved > 0 ? 'up' : 'down'}`}>
            <span aria-hidden="true">{moved > 0 ? '▲' : '▼'}</span>
            <span className="visually-hidden">
              {moved > 0 ? t('table.movedUp', { count: moved }) : t('table.movedDown', { count: -moved })}
            </span>
          </span>
        )}
      </td>
      <th scope="row" className="standings-table__team">
        <Link to={href}>{row.team.name}</Link>
        {highlight && <span className="visually-hidden"> {t('table.inThisMatch')}</span>}
      </th>
      <td data-testid="table-played">{total.played}</td>
      <td className="standings-table__wide">{total.won}</td>
      <td className="standings-table__wide">{total.drawn}</td>
      <td className="standings-table__wide">{total.lost}</td>
      <td className="standings-table__wide" data-testid="table-goals">
        {total.goalsFor}:{total.goalsAgainst}
      </td>
      <td data-testid="table-goal-difference">
        {format.number(row.goalDifference, { signDisplay: 'exceptZero' })}
      </td>
      <td className="standings-row__points" data-testid="table-points">
        {row.points}
      </td>
      <td className="standings-table__wide">
        <span className="form">
          {[...row.form].map((letter, i) => (
            <span key={i} className={`form__result form__result--${letter}`} aria-hidden="true">
              {t(`table.formLetter.${letter as 'W' | 'D' | 'L'}`)}
            </span>
          ))}
          {row.form && <span className="visually-hidden">{formWords(row.form, t)}</span>}
        </span>
      </td>
    </tr>
  );
}

const formWords = (form: string, t: TFunction<'match'>): string =>
  [...form].map((letter) => t(`table.formResult.${letter as 'W' | 'D' | 'L'}`)).join(', ');

/**
 * The zones a table marks (promotion, a continental place, relegation), in table order, each with a
 * colour class: relegation red, the rest by order (top places first).
 */
function zonesOf(rows: readonly LiveRow[]): Map<string, string> {
  const zones = new Map<string, string>();
  let next = 0;
  for (const row of rows) {
    if (!row.description || zones.has(row.description)) continue;
    zones.set(row.description, /relegat/i.test(row.description) ? 'down' : String(next++ % 3));
  }
  return zones;
}

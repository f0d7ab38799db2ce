import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Match, TeamStatistics } from '@pitchside/shared/domain';
import { useFormat } from '../../../lib/format.ts';
import { statisticRows, type StatisticFormat } from '../utils/statistic-rows.ts';
import { PanelEmpty } from './panel-empty.tsx';

interface StatisticsPanelProps {
  match: Pick<Match, 'home' | 'away' | 'status'>;
  statistics: readonly TeamStatistics[];
}

/**
 * Each statistic as a pair of values over one bar split by the home side's share, the side ahead in
 * its team colour (SofaScore's layout). The values are text; the bar is decoration, so each value also
 * carries its team's name for screen readers.
 */
export function StatisticsPanel({ match, statistics }: StatisticsPanelProps) {
  const { t } = useTranslation('match');
  const format = useFormat();
  const rows = useMemo(
    () => statisticRows(statistics, match.home.id, match.away.id),
    [statistics, match.home.id, match.away.id],
  );

  const show = (value: number | null, kind: StatisticFormat): string => {
    if (value === null) return '–';
    if (kind === 'percent') return format.number(value / 100, { style: 'percent', maximumFractionDigits: 0 });
    if (kind === 'decimal')
      return format.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return format.number(value);
  };

  return (
    <section className="statistics" aria-labelledby="statistics-title">
      <h2 className="section-title" id="statistics-title">
        {t('stats.title')}
      </h2>
      {rows.length === 0 ? (
        <PanelEmpty
          title={match.status === 'scheduled' ? t('stats.emptyTitle') : t('stats.emptyTitleNone')}
          body={match.status === 'scheduled' ? t('stats.emptyBeforeKickoff') : t('stats.emptyNone')}
        />
      ) : (
        <>
          <p className="statistics__teams" aria-hidden="true">
            <span className="statistics__team statistics__team--home">{match.home.name}</span>
            <span className="statistics__team statistics__team--away">{match.away.name}</span>
          </p>
          <ul className="statistics__list">
            {rows.map((row) => (
              <li
                className="stat-row"
                key={row.key}
                data-testid="stat-row"
                data-key={row.key}
                data-leader={row.leader ?? 'level'}
              >
                <div className="stat-row__values">
                  <span className="stat-row__value stat-row__value--home" data-testid="stat-home">
                    <span className="visually-hidden">{match.home.name}: </span>
                    {show(row.home, row.format)}
                  </span>
                  <span className="stat-row__label">{t(`stats.keys.${row.key}`)}</span>
                  <span className="stat-row__value stat-row__value--away" data-testid="stat-away">
                    <span className="visually-hidden">{match.away.name}: </span>
                    {show(row.away, row.format)}
                  </span>
                </div>
                <div
                  className="stat-row__bar"
                  aria-hidden="true"
                  style={{ '--home-share': row.homeShare } as CSSProperties}
                  data-testid="stat-bar"
                >
                  <span className="stat-row__fill stat-row__fill--home" />
                  <span className="stat-row__fill stat-row__fill--away" />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsPlanner, OpsSample } from '@pitchside/shared/protocol';
import type { OpsFeedState } from '../api/ops-feed.ts';
import { HISTORY_MS } from '../hooks/use-ops-feed.ts';
import { LineChart, type ChartSeries } from './line-chart.tsx';
import '../ops.css';

/** Every key the samples ever named, in first-seen order: a series that went quiet stays on its chart. */
function keysOf(samples: readonly OpsSample[], pick: (s: OpsSample) => Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const sample of samples) for (const key of pick(sample)) keys.add(key);
  return [...keys];
}

/**
 * The operators' dashboard (issue 7): queue depth per queue, ingest lag per poll job and viewers per hot
 * match over the last few minutes, with the latest numbers beside each line, from the admin feed's samples.
 */
export function OpsDashboard({
  state,
  samples,
  actions,
}: {
  state: OpsFeedState;
  samples: readonly OpsSample[];
  /** Shown in the header card beside the feed's status (the page's links). */
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('account');
  const latest = samples.at(-1);
  const to = latest?.at ?? 0;
  // The window grows from a minute to HISTORY_MS as samples accumulate, so the first seconds are not a sliver.
  const from = Math.max(to - HISTORY_MS, Math.min(samples[0]?.at ?? to, to - 60_000));
  const number = new Intl.NumberFormat(i18n.language);

  const queueNames = keysOf(samples, (s) => Object.keys(s.queues));
  const depth: ChartSeries[] = queueNames.map((name) => ({
    key: name,
    label: name,
    points: samples.map((s) => {
      const c = s.queues[name];
      return [s.at, c ? c.waiting + c.active + c.delayed : null] as const;
    }),
  }));
  const lag: ChartSeries[] = keysOf(samples, (s) => Object.keys(s.ingestLag)).map((job) => ({
    key: job,
    label: job,
    points: samples.map((s) => [s.at, s.ingestLag[job] ?? null] as const),
  }));
  const labels = new Map(samples.flatMap((s) => s.hotMatches.map((m) => [m.matchId, m.label] as const)));
  const viewers: ChartSeries[] = keysOf(samples, (s) => s.hotMatches.map((m) => m.matchId)).map((id) => ({
    key: id,
    label: labels.get(id) ?? id,
    // A match that left the top list has no viewers worth charting any more: drawn at 0.
    points: samples.map((s) => [s.at, s.hotMatches.find((m) => m.matchId === id)?.viewers ?? 0] as const),
  }));

  const status =
    typeof state === 'object'
      ? null
      : state === 'live'
        ? t('ops.live')
        : state === 'connecting'
          ? t('ops.connecting')
          : t('ops.disconnected');
  return (
    <div className="ops-dashboard" data-testid="ops-dashboard">
      <div className="account-section ops-actions">
        {actions}
        <p
          className="ops-dashboard__status"
          role="status"
          data-state={typeof state === 'object' ? 'refused' : state}
        >
          {status}
          {latest && (
            <>
              {' · '}
              {t('ops.sockets', { formatted: number.format(latest.sockets) })}
            </>
          )}
        </p>
      </div>
      {!latest ? (
        <p className="account-section">{t('ops.waiting')}</p>
      ) : (
        <>
          <section className="account-section" aria-labelledby="ops-queues">
            <h2 id="ops-queues">{t('ops.queues.title')}</h2>
            <LineChart
              title={t('ops.queues.chart')}
              series={depth}
              from={from}
              to={to}
              testId="ops-queue-chart"
            />
            <table className="ops-table" data-testid="ops-queue-table">
              <thead>
                <tr>
                  <th scope="col">{t('ops.queues.queue')}</th>
                  <th scope="col">{t('ops.queues.waiting')}</th>
                  <th scope="col">{t('ops.queues.active')}</th>
                  <th scope="col">{t('ops.queues.delayed')}</th>
                  <th scope="col">{t('ops.queues.failed')}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(latest.queues).map(([name, c]) => (
                  <tr key={name} data-queue={name}>
                    <th scope="row">{name}</th>
                    <td data-state="waiting">{number.format(c.waiting)}</td>
                    <td data-state="active">{number.format(c.active)}</td>
                    <td data-state="delayed">{number.format(c.delayed)}</td>
                    <td data-state="failed">{number.format(c.failed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="account-section" aria-labelledby="ops-lag">
            <h2 id="ops-lag">{t('ops.lag.title')}</h2>
            <LineChart
              title={t('ops.lag.chart')}
              series={lag}
              from={from}
              to={to}
              unit={t('ops.lag.unit')}
              testId="ops-lag-chart"
            />
          </section>
          {latest.planner && <PlannerSection planner={latest.planner} number={number} />}
          <section className="account-section" aria-labelledby="ops-viewers">
            <h2 id="ops-viewers">{t('ops.viewers.title')}</h2>
            {latest.hotMatches.length === 0 && <p>{t('ops.viewers.none')}</p>}
            <LineChart
              title={t('ops.viewers.chart')}
              series={viewers}
              from={from}
              to={to}
              testId="ops-viewers-chart"
            />
          </section>
        </>
      )}
    </div>
  );
}

/** The request classes ingest's planner ranks, most important first, with their labels. */
const PLANNER_CLASSES = [
  ['live', 'ops.planner.classes.live'],
  ['details', 'ops.planner.classes.details'],
  ['fixtures', 'ops.planner.classes.fixtures'],
  ['on-demand', 'ops.planner.classes.on-demand'],
  ['standings', 'ops.planner.classes.standings'],
  ['teams', 'ops.planner.classes.teams'],
  ['squads', 'ops.planner.classes.squads'],
] as const;

/**
 * Ingest's request planner (issue 16 §4): what is left of the provider's minute, how often live scores are
 * read at that budget, and per class the calls let through and held back, so an operator sees the squads
 * wait while the live polls go on.
 */
function PlannerSection({ planner, number }: { planner: OpsPlanner; number: Intl.NumberFormat }) {
  const { t } = useTranslation('account');
  const { minute } = planner;
  const label = new Map<string, string>(PLANNER_CLASSES.map(([c, key]) => [c, t(key)]));
  return (
    <section className="account-section" aria-labelledby="ops-planner" data-testid="ops-planner">
      <h2 id="ops-planner">{t('ops.planner.title')}</h2>
      <p data-testid="ops-planner-budget">
        {minute
          ? t('ops.planner.left', {
              left: number.format(minute.remaining),
              capacity: number.format(minute.capacity),
              seconds: number.format(minute.resetInS),
            })
          : t('ops.planner.unknown')}
      </p>
      {planner.pausedForS > 0 && (
        <p data-testid="ops-planner-paused">
          {t('ops.planner.paused', { seconds: number.format(planner.pausedForS) })}
        </p>
      )}
      {planner.livePaceS !== null && (
        <p data-testid="ops-planner-live">
          {t(planner.liveActive ? 'ops.planner.livePace' : 'ops.planner.liveIdle', {
            seconds: number.format(planner.livePaceS),
          })}
        </p>
      )}
      <table className="ops-table" data-testid="ops-planner-table">
        <thead>
          <tr>
            <th scope="col">{t('ops.planner.class')}</th>
            <th scope="col">{t('ops.planner.admitted')}</th>
            <th scope="col">{t('ops.planner.deferred')}</th>
          </tr>
        </thead>
        <tbody>
          {PLANNER_CLASSES.map(([c]) => (
            <tr key={c} data-class={c} data-waiting={planner.waiting.includes(c) ? 'true' : undefined}>
              <th scope="row">{label.get(c)}</th>
              <td data-state="admitted">{number.format(planner.admitted[c] ?? 0)}</td>
              <td data-state="deferred">{number.format(planner.deferred[c] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {planner.waiting.length > 0 && (
        <p data-testid="ops-planner-waiting">
          {t('ops.planner.waiting', {
            classes: planner.waiting.map((c) => label.get(c) ?? c).join(', '),
          })}
        </p>
      )}
    </section>
  );
}

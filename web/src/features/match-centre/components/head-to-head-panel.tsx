import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { scoreText, type Match } from '@pitchside/shared/domain';
import type { Ack } from '@pitchside/shared/protocol';
import { OutcomeLine, ScoreNotes } from '../../../components/match-outcome.tsx';
import { useFormat } from '../../../lib/format.ts';
import type { Meeting } from '../api/match-centre-rest.ts';
import { meetingsRecord } from '../utils/head-to-head-record.ts';
import { PanelEmpty } from './panel-empty.tsx';

/** How many past meetings the list shows; the record counts every one the API gave. */
const SHOWN = 10;

interface HeadToHeadPanelProps {
  match: Pick<Match, 'id' | 'home' | 'away'>;
  /** Finished meetings, newest first; null while not loaded. */
  meetings: Ack<Meeting[]> | null;
  matchHref: (matchId: string) => string;
  /** The two teams' own head-to-head page. */
  headToHeadHref: string;
}

/**
 * The two teams' record (wins each side, draws, goals, from this match's home side) over their finished
 * meetings, and the latest meetings, each a link to its match. This match is among them once it is over.
 */
export function HeadToHeadPanel({ match, meetings, matchHref, headToHeadHref }: HeadToHeadPanelProps) {
  const { t } = useTranslation('match');
  const format = useFormat();
  const past = useMemo(
    () => (meetings && 'data' in meetings ? meetings.data.map((m) => m.match) : []),
    [meetings],
  );
  const withoutPage = useMemo(
    () =>
      new Set(
        meetings && 'data' in meetings ? meetings.data.filter((m) => !m.hasPage).map((m) => m.match.id) : [],
      ),
    [meetings],
  );
  const record = useMemo(() => meetingsRecord(past, match.home.id, match.away.id), [past, match]);

  let body;
  if (!meetings) body = <p className="loading-inline">{t('h2h.loading')}</p>;
  else if ('error' in meetings) body = <PanelEmpty tone="error" title={t('h2h.error')} />;
  else if (record.played === 0) body = <PanelEmpty title={t('h2h.emptyTitle')} body={t('h2h.emptyBody')} />;
  else
    body = (
      <>
        <div className="h2h-record" data-testid="h2h-record">
          <p className="h2h-record__played">{t('h2h.played', { count: record.played })}</p>
          <dl className="h2h-record__counts">
            <div className="h2h-record__count h2h-record__count--home">
              <dt>{t('h2h.wins', { team: match.home.name })}</dt>
              <dd data-testid="h2h-wins-home">{record.winsA}</dd>
            </div>
            <div className="h2h-record__count">
              <dt>{t('h2h.draws')}</dt>
              <dd data-testid="h2h-draws">{record.draws}</dd>
            </div>
            <div className="h2h-record__count h2h-record__count--away">
              <dt>{t('h2h.wins', { team: match.away.name })}</dt>
              <dd data-testid="h2h-wins-away">{record.winsB}</dd>
            </div>
          </dl>
          <div
            className="h2h-record__bar"
            aria-hidden="true"
            style={
              {
                '--home': record.winsA,
                '--draw': record.draws,
                '--away': record.winsB,
              } as CSSProperties
            }
          >
            <span className="h2h-record__fill h2h-record__fill--home" />
            <span className="h2h-record__fill h2h-record__fill--draw" />
            <span className="h2h-record__fill h2h-record__fill--away" />
          </div>
          <p className="h2h-record__goals">
            {t('h2h.goals', {
              home: match.home.name,
              away: match.away.name,
              homeGoals: record.goalsA,
              awayGoals: record.goalsB,
            })}
          </p>
        </div>
        <h3 className="h2h__subtitle">{t('h2h.latest')}</h3>
        <ol className="h2h-list">
          {past.slice(0, SHOWN).map((meeting) => {
            const current = meeting.id === match.id;
            return (
              <li
                className="h2h-list__item"
                key={meeting.id}
                data-testid="h2h-meeting"
                data-match-id={meeting.id}
              >
                <MeetingLink
                  to={withoutPage.has(meeting.id) ? undefined : matchHref(meeting.id)}
                  current={current}
                >
                  <span className="h2h-list__meta">
                    <time dateTime={meeting.kickoff}>{format.date(meeting.kickoff, 'date')}</time>
                    <span className="h2h-list__competition">{meeting.competition.name}</span>
                    {current && <span className="h2h-list__current">{t('h2h.thisMatch')}</span>}
                  </span>
                  <span className="h2h-list__teams">
                    <span className="h2h-list__team h2h-list__team--home">{meeting.home.name}</span>
                    <span className="h2h-list__score">
                      <span data-testid="h2h-score">{scoreText(meeting)}</span>
                      <ScoreNotes match={meeting} />
                    </span>
                    <span className="h2h-list__team h2h-list__team--away">{meeting.away.name}</span>
                  </span>
                  <OutcomeLine match={meeting} className="h2h-list__outcome" testId="h2h-outcome" />
                </MeetingLink>
              </li>
            );
          })}
        </ol>
      </>
    );

  return (
    <section className="h2h" aria-labelledby="h2h-title">
      <h2 className="section-title" id="h2h-title">
        {t('h2h.title')}
      </h2>
      {body}
      <p className="panel-more">
        <Link to={headToHeadHref}>{t('h2h.more', { home: match.home.name, away: match.away.name })}</Link>
      </p>
    </section>
  );
}

/** A meeting opens its match page; one known from the provider's head-to-head only has none to open. */
function MeetingLink({
  to,
  current,
  children,
}: {
  to: string | undefined;
  current: boolean;
  children: ReactNode;
}) {
  return to ? (
    <Link className="h2h-list__link" to={to} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  ) : (
    <div className="h2h-list__link">{children}</div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  redirect,
  useLoaderData,
  useNavigate,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { headToHeadSlug, isFinished, type Team } from '@pitchside/shared/domain';
import type { HeadToHead } from '@pitchside/shared/protocol';
import { fetchHeadToHead, isMissing } from '../../features/explore/api/explore-api.ts';
import { H2hRecord } from '../../features/explore/components/h2h-record.tsx';
import { MatchDayList } from '../../features/explore/components/match-day-list.tsx';
import { Notice } from '../../features/explore/components/notice.tsx';
import { TeamPicker } from '../../features/explore/components/team-picker.tsx';
import '../../features/explore/explore.css';
import { apiFrom } from '../../lib/api.ts';
import { PageHead } from '../head/page-head.tsx';
import { useLiveEntries } from '../hooks/use-live-entries.tsx';
import { paths, usePaths } from '../paths.ts';

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  if (!params.slug) return { h2h: null };
  const result = await fetchHeadToHead(apiFrom(context), params.slug, request.signal);
  if (isMissing(result)) throw new Response('This page could not be found', { status: 404 });
  if ('error' in result) throw new Response(result.error.message, { status: 503 });
  // One address per pair: another spelling that resolved to the same teams moves to the canonical slug.
  if (result.data.slug !== params.slug) {
    throw redirect(`/${params.lang}${paths.headToHead(result.data.slug)}`, 301);
  }
  return { h2h: result.data };
}

/** /team/head-to-head/:slug?: two teams' record and meetings, or (without a slug) a picker of two teams. */
export function Component() {
  const { h2h } = useLoaderData<typeof loader>();
  return h2h ? <HeadToHeadPage key={h2h.slug} h2h={h2h} /> : <PickTwoTeams />;
}

/** How long the page waits before asking again while ingest reads the provider's head-to-head. */
const PENDING_RETRY_MS = 3000;
const PENDING_RETRIES = 5;

/**
 * While the provider's own head-to-head is being read (`pending`: the gateway asked ingest for it), the
 * page shows the meetings we store and runs its loader again a few seconds later, a few times at most.
 */
function useRefreshWhilePending(h2h: HeadToHead): void {
  const { pending } = h2h;
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const tries = useRef(0);
  useEffect(() => {
    if (!pending || tries.current >= PENDING_RETRIES) return;
    const timer = setTimeout(() => {
      tries.current++;
      void latest.current.revalidate();
    }, PENDING_RETRY_MS);
    return () => clearTimeout(timer);
    // Each answer (a new `h2h`) still pending asks once more.
  }, [pending, h2h]);
}

function HeadToHeadPage({ h2h }: { h2h: HeadToHead }) {
  const { t } = useTranslation('explore');
  useRefreshWhilePending(h2h);
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const { a, b } = h2h.teams;
  const { entries: upcoming, feeds } = useLiveEntries(h2h.upcoming);
  // A meeting that finishes while the page is open moves from "upcoming" to the past meetings.
  const finishedNow = upcoming.filter((e) => isFinished(e.match.status)).map((e) => e.match);
  const past = [...finishedNow, ...h2h.past.map((e) => e.match)];
  const ahead = upcoming.filter((e) => !isFinished(e.match.status)).map((e) => e.match);
  const names = { home: a.name, away: b.name };
  // Past meetings known from the provider's head-to-head only (an empty epoch) have no page to open.
  const withoutPage = new Set(h2h.past.filter((e) => e.epoch === '').map((e) => e.match.id));
  const meetingHref = (id: string) => (withoutPage.has(id) ? undefined : paths.match(id));

  return (
    <article className="explore-page" data-testid="h2h-page">
      <PageHead
        title={tPages('head-to-head.title', names)}
        description={tPages('head-to-head.description', names)}
      />
      {feeds}
      <H2hRecord h2h={h2h} teamHref={paths.team} />

      <section className="explore-card" aria-labelledby="h2h-upcoming-title" data-testid="h2h-upcoming">
        <h2 className="explore-card__title" id="h2h-upcoming-title">
          {t('h2h.upcoming')}
        </h2>
        {ahead.length > 0 ? (
          <MatchDayList matches={ahead} matchHref={paths.match} showCompetition />
        ) : (
          <Notice>{t('h2h.noUpcoming')}</Notice>
        )}
      </section>

      <section className="explore-card" aria-labelledby="h2h-past-title" data-testid="h2h-past">
        <h2 className="explore-card__title" id="h2h-past-title">
          {t('h2h.past')}
        </h2>
        {past.length > 0 ? (
          <MatchDayList matches={past} matchHref={meetingHref} showCompetition newestFirst />
        ) : (
          <Notice>{t('h2h.noPast')}</Notice>
        )}
      </section>
    </article>
  );
}

/** Two remote-search pickers; once both are chosen, "Compare" opens their page. */
function PickTwoTeams() {
  const { t } = useTranslation('explore');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const navigate = useNavigate();
  const [home, setHome] = useState<Team | null>(null);
  const [away, setAway] = useState<Team | null>(null);
  const ready = home !== null && away !== null && home.id !== away.id;

  return (
    <>
      <PageHead title={tPages('_fallback.head-to-head')} description={t('h2h.pickDescription')} />
      <div className="page-heading">
        <h1>{tPages('_fallback.head-to-head')}</h1>
      </div>
      <form
        className="explore-card h2h-picker"
        data-testid="h2h-picker"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) navigate(paths.headToHead(headToHeadSlug(home, away)));
        }}
      >
        <p className="h2h-picker__intro">{t('h2h.pickIntro')}</p>
        <div className="h2h-picker__teams">
          <TeamPicker
            label={t('h2h.firstTeam')}
            value={home}
            onChange={setHome}
            exclude={away?.id}
            testId="h2h-pick-a"
          />
          <span className="h2h-picker__vs" aria-hidden="true">
            {t('h2h.vs')}
          </span>
          <TeamPicker
            label={t('h2h.secondTeam')}
            value={away}
            onChange={setAway}
            exclude={home?.id}
            testId="h2h-pick-b"
          />
        </div>
        <button type="submit" className="button h2h-picker__go" disabled={!ready} data-testid="h2h-compare">
          {t('h2h.compare')}
        </button>
      </form>
    </>
  );
}

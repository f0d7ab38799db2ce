import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_SPORT, headToHeadSlug, isFinished, isLive, sportOf } from '@pitchside/shared/domain';
import { fetchTeamPage, isMissing } from '../../features/explore/api/explore-api.ts';
import { FormChips } from '../../features/explore/components/form-chips.tsx';
import { MatchDayList } from '../../features/explore/components/match-day-list.tsx';
import { Notice } from '../../features/explore/components/notice.tsx';
import { SquadList } from '../../features/explore/components/squad-list.tsx';
import { TeamHeader } from '../../features/explore/components/team-header.tsx';
import '../../features/explore/explore.css';
import { FavouriteStar } from '../../features/favourites/favourite-star.tsx';
import { fetchNewsAbout } from '../../features/matches/api/match-lists.ts';
import { Crest } from '../../components/crest.tsx';
import { NewsList } from '../../features/matches/components/news-list.tsx';
import { apiFrom } from '../../lib/api.ts';
import { PageHead } from '../head/page-head.tsx';
import { useLiveEntries } from '../hooks/use-live-entries.tsx';
import { usePaths } from '../paths.ts';

/** The team's latest stories from the news feed (those naming it); none is no reason to fail the page. */
const TEAM_NEWS_LIMIT = 6;

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const api = apiFrom(context);
  const page = await fetchTeamPage(api, params.id ?? '', request.signal);
  if (isMissing(page)) throw new Response('This page could not be found', { status: 404 });
  if ('error' in page) throw new Response(page.error.message, { status: 503 });
  const { team, competitions } = page.data;
  // A team plays one sport: its competitions say which (football when it has none yet).
  const sport = competitions[0] ? sportOf(competitions[0]) : DEFAULT_SPORT;
  const news = await fetchNewsAbout({ teams: [team.name], sport }, TEAM_NEWS_LIMIT, request.signal, api);
  return { ...page.data, news: 'data' in news ? news.data : [] };
}

/**
 * /team/:id: header, form, live and upcoming matches, results, squad, news, competitions, next head-to-head.
 */
export function Component() {
  const { team, matches, squad, form, competitions, news } = useLoaderData<typeof loader>();
  const { t } = useTranslation('explore');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();

  const { entries: current, feeds } = useLiveEntries(matches);
  const live = current.filter((e) => isLive(e.match.status)).map((e) => e.match);
  const upcoming = current
    .filter((e) => !isLive(e.match.status) && !isFinished(e.match.status))
    .map((e) => e.match);
  const results = current.filter((e) => isFinished(e.match.status)).map((e) => e.match);
  const next = upcoming.find((m) => m.status === 'scheduled') ?? live[0];
  const opponent = next && (next.home.id === team.id ? next.away : next.home);
  const names = { name: team.name };

  return (
    <article className="explore-page" data-testid="team-page" data-team-id={team.id}>
      <PageHead
        title={tPages('team.title', names)}
        description={tPages('team.description', names)}
        image={team.logo}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'SportsTeam',
          name: team.name,
          ...(team.logo ? { logo: team.logo } : {}),
          ...(team.founded ? { foundingDate: String(team.founded) } : {}),
          ...(team.venue?.name ? { location: { '@type': 'Place', name: team.venue.name } } : {}),
          ...(squad.length > 0 ? { athlete: squad.map((p) => ({ '@type': 'Person', name: p.name })) } : {}),
        }}
      />
      {feeds}
      <TeamHeader team={team} star={<FavouriteStar kind="team" id={team.id} name={team.name} />} />

      <section className="explore-card" aria-labelledby="team-form-title" data-testid="team-form">
        <div className="explore-card__head">
          <h2 className="explore-card__title" id="team-form-title">
            {t('team.form')}
          </h2>
          {form.length > 0 && (
            <FormChips
              label={t('team.formLabel', { count: form.length })}
              results={form.map((entry) => {
                const detail = t(`form.detail.${entry.result}`, {
                  score: `${entry.goalsFor}–${entry.goalsAgainst}`,
                  opponent: entry.opponent.name,
                });
                const shootout = entry.shootout;
                const scored = shootout && shootout.for !== null && shootout.against !== null;
                return {
                  result: entry.result,
                  // A result known only from the provider's list has no page of ours to link to.
                  ...(entry.stored && { href: paths.match(entry.matchId) }),
                  detail: !shootout
                    ? detail
                    : t(`form.shootout.${shootout.won ? 'won' : 'lost'}${scored ? '' : 'NoScore'}`, {
                        detail,
                        penalties: `${shootout.for}–${shootout.against}`,
                      }),
                };
              })}
            />
          )}
        </div>
        {form.length === 0 && <Notice>{t('team.noForm')}</Notice>}
        {opponent && (
          <p className="explore-card__foot">
            <Link
              className="h2h-link"
              to={paths.headToHead(headToHeadSlug(team, opponent))}
              data-testid="team-h2h-link"
            >
              <Crest src={opponent.logo} name={opponent.name} />
              {t('team.headToHead', { team: team.name, opponent: opponent.name })}
            </Link>
          </p>
        )}
      </section>

      {live.length > 0 && (
        <section className="explore-card" aria-labelledby="team-live-title" data-testid="team-live">
          <h2 className="explore-card__title explore-card__title--live" id="team-live-title">
            {t('team.liveNow')}
          </h2>
          <MatchDayList matches={live} matchHref={paths.match} showCompetition />
        </section>
      )}

      <section className="explore-card" aria-labelledby="team-fixtures-title" data-testid="team-fixtures">
        <h2 className="explore-card__title" id="team-fixtures-title">
          {t('team.fixtures')}
        </h2>
        {upcoming.length > 0 ? (
          <MatchDayList matches={upcoming} matchHref={paths.match} showCompetition />
        ) : (
          <Notice>{t('team.noFixtures')}</Notice>
        )}
      </section>

      <section className="explore-card" aria-labelledby="team-results-title" data-testid="team-results">
        <h2 className="explore-card__title" id="team-results-title">
          {t('team.results')}
        </h2>
        {results.length > 0 ? (
          <MatchDayList matches={results} matchHref={paths.match} showCompetition newestFirst />
        ) : (
          <Notice>{t('team.noResults')}</Notice>
        )}
      </section>

      <section className="explore-card" aria-labelledby="team-squad-title" data-testid="team-squad">
        <h2 className="explore-card__title" id="team-squad-title">
          {t('team.squad')}
        </h2>
        {squad.length > 0 ? <SquadList players={squad} /> : <Notice>{t('team.noSquad')}</Notice>}
      </section>

      {news.length > 0 && (
        <section className="explore-card" aria-labelledby="team-news-title" data-testid="team-news">
          <h2 className="explore-card__title" id="team-news-title">
            {tPages('team.news', names)}
          </h2>
          <NewsList items={news} matchHref={paths.match} />
        </section>
      )}

      {competitions.length > 0 && (
        <section
          className="explore-card"
          aria-labelledby="team-competitions-title"
          data-testid="team-competitions"
        >
          <h2 className="explore-card__title" id="team-competitions-title">
            {t('team.competitions')}
          </h2>
          <ul className="link-list">
            {competitions.map((competition) => (
              <li key={competition.id}>
                <Link className="link-list__link" to={paths.league(competition.id)}>
                  <Crest src={competition.logo} name={competition.name} size="md" />
                  <span>{competition.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

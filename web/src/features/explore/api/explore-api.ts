import type { Competition, Standings, Team } from '@pitchside/shared/domain';
import type {
  Ack,
  HeadToHead,
  ScoreboardEntry,
  SportPage,
  SportSummary,
  TeamPage,
} from '@pitchside/shared/protocol';
import type { ApiClient } from '../../../lib/api.ts';
import { lazyParser } from '../../../lib/envelope.ts';

/**
 * The REST reads of the explore pages (leagues, teams, head-to-head, sports). Each answer is parsed with
 * shared's schema at the boundary; loaders pass their request's signal, so a navigation that is replaced
 * by a newer one aborts its requests.
 */
const id = encodeURIComponent;

/** The parsers come in a chunk of their own (explore-parsers.ts), fetched with the first request. */
const load = () => import('./explore-parsers.ts');
const CompetitionList = lazyParser(load, (m) => m.parsers.competitions);
const CompetitionSchema = lazyParser(load, (m) => m.parsers.competition);
const StandingsSchema = lazyParser(load, (m) => m.parsers.standings);
const EntryList = lazyParser(load, (m) => m.parsers.entries);
const TeamList = lazyParser(load, (m) => m.parsers.teams);
const TeamPageSchema = lazyParser(load, (m) => m.parsers.teamPage);
const HeadToHeadSchema = lazyParser(load, (m) => m.parsers.headToHead);
const SportList = lazyParser(load, (m) => m.parsers.sports);
const SportPageSchema = lazyParser(load, (m) => m.parsers.sportPage);

export const fetchCompetitions = (api: ApiClient, signal?: AbortSignal): Promise<Ack<Competition[]>> =>
  api.get('/competitions', CompetitionList, signal);

export const fetchCompetition = (
  api: ApiClient,
  competitionId: string,
  signal?: AbortSignal,
): Promise<Ack<Competition>> => api.get(`/competitions/${id(competitionId)}`, CompetitionSchema, signal);

export const fetchStandings = (
  api: ApiClient,
  competitionId: string,
  signal?: AbortSignal,
): Promise<Ack<Standings>> =>
  api.get(`/competitions/${id(competitionId)}/standings`, StandingsSchema, signal);

export const fetchCompetitionMatches = (
  api: ApiClient,
  competitionId: string,
  signal?: AbortSignal,
): Promise<Ack<ScoreboardEntry[]>> =>
  api.get(`/competitions/${id(competitionId)}/matches`, EntryList, signal);

/** GET /api/teams?q=: teams whose name matches, best first; without a query, the teams to browse. */
export const searchTeams = (api: ApiClient, query: string, signal?: AbortSignal): Promise<Ack<Team[]>> =>
  api.get(query ? `/teams?q=${encodeURIComponent(query)}` : '/teams', TeamList, signal);

export const fetchTeamPage = (api: ApiClient, teamId: string, signal?: AbortSignal): Promise<Ack<TeamPage>> =>
  api.get(`/teams/${id(teamId)}`, TeamPageSchema, signal);

export const fetchHeadToHead = (
  api: ApiClient,
  slug: string,
  signal?: AbortSignal,
): Promise<Ack<HeadToHead>> => api.get(`/head-to-head/by-slug/${id(slug)}`, HeadToHeadSchema, signal);

export const fetchSports = (api: ApiClient, signal?: AbortSignal): Promise<Ack<SportSummary[]>> =>
  api.get('/sports', SportList, signal);

export const fetchSportPage = (
  api: ApiClient,
  slug: string,
  day: { date: string; tz: string },
  signal?: AbortSignal,
): Promise<Ack<SportPage>> =>
  api.get(`/sports/${id(slug)}?date=${day.date}&tz=${encodeURIComponent(day.tz)}`, SportPageSchema, signal);

/** The error codes that mean "nothing lives at this address": the page answers 404. */
export const isMissing = (result: Ack<unknown>): boolean =>
  'error' in result && (result.error.code.endsWith(':not-found') || result.error.code === 'request:invalid');

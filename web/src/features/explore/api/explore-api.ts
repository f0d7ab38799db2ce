import {
  CompetitionSchema,
  StandingsSchema,
  TeamSchema,
  type Competition,
  type Standings,
  type Team,
} from '@pitchside/shared/domain';
import {
  HeadToHeadSchema,
  ScoreboardEntrySchema,
  SportPageSchema,
  SportSummarySchema,
  TeamPageSchema,
  type Ack,
  type HeadToHead,
  type ScoreboardEntry,
  type SportPage,
  type SportSummary,
  type TeamPage,
} from '@pitchside/shared/protocol';
import type { ApiClient } from '../../../lib/api.ts';

/**
 * The REST reads of the explore pages (leagues, teams, head-to-head, sports). Each answer is parsed with
 * shared's schema at the boundary; loaders pass their request's signal, so a navigation that is replaced
 * by a newer one aborts its requests.
 */
const id = encodeURIComponent;

export const fetchCompetitions = (api: ApiClient, signal?: AbortSignal): Promise<Ack<Competition[]>> =>
  api.get('/competitions', CompetitionSchema.array(), signal);

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
  api.get(`/competitions/${id(competitionId)}/matches`, ScoreboardEntrySchema.array(), signal);

/** GET /api/teams?q=: teams whose name matches, best first; without a query, the teams to browse. */
export const searchTeams = (api: ApiClient, query: string, signal?: AbortSignal): Promise<Ack<Team[]>> =>
  api.get(query ? `/teams?q=${encodeURIComponent(query)}` : '/teams', TeamSchema.array(), signal);

export const fetchTeamPage = (api: ApiClient, teamId: string, signal?: AbortSignal): Promise<Ack<TeamPage>> =>
  api.get(`/teams/${id(teamId)}`, TeamPageSchema, signal);

export const fetchHeadToHead = (
  api: ApiClient,
  slug: string,
  signal?: AbortSignal,
): Promise<Ack<HeadToHead>> => api.get(`/head-to-head/by-slug/${id(slug)}`, HeadToHeadSchema, signal);

export const fetchSports = (api: ApiClient, signal?: AbortSignal): Promise<Ack<SportSummary[]>> =>
  api.get('/sports', SportSummarySchema.array(), signal);

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

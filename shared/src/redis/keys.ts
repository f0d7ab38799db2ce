/**
 * Every Redis key and pub/sub channel Pitchside uses, built in one place.
 * A prefix isolates deployments and tests (`test-<uuid>:`) on one Redis.
 *
 * Hash tags (`{...}`, Redis Cluster): Redis hashes only the first braced part of a key, so keys that one
 * script, MULTI or pipeline touches together carry the same tag and land in one slot. One match's hash,
 * delta stream and shard channel share `{<matchId>}`; the viewer census's keys share `{ops}`; BullMQ's keys
 * share `{bull}`. Everything else is read and written one key at a time. The prefix never contains braces
 * (the services' env schemas refuse them), so the tag is always the first one.
 */
export function redisKeys(prefix = 'ps:') {
  return {
    prefix,
    /** Hash: epoch, seq, detail (JSON MatchDetail), header (JSON Match: what lists show). */
    match: (id: string) => `${prefix}match:{${id}}`,
    /** Stream of deltas, capped: what a reconnecting client resumes from. Same slot as the hash. */
    matchStream: (id: string) => `${prefix}match:{${id}}:deltas`,
    /**
     * Pub/sub channel carrying each new delta of one match: classic (PUBLISH) on a standalone Redis, a shard
     * channel (SPUBLISH/SSUBSCRIBE) on a Redis Cluster, in the slot of the match's hash.
     */
    matchChannel: (id: string) => `${prefix}ch:match:{${id}}`,
    /** Pub/sub channel carrying the match header after every change of any match. */
    scoreboardChannel: () => `${prefix}ch:scoreboard`,
    /** Sorted set of match ids by kickoff (ms). */
    matchesByKickoff: () => `${prefix}idx:matches:kickoff`,
    /** Set of match ids currently live. */
    liveMatches: () => `${prefix}idx:matches:live`,
    /** Sorted set of a competition's match ids by kickoff. */
    competitionMatches: (competitionId: string) => `${prefix}idx:competition:${competitionId}:matches`,
    /** Sorted set of a team's match ids by kickoff. */
    teamMatches: (teamId: string) => `${prefix}idx:team:${teamId}:matches`,
    /** Hash id -> JSON Competition. */
    competitions: () => `${prefix}competitions`,
    /** String: JSON Standings. */
    standings: (competitionId: string) => `${prefix}standings:${competitionId}`,
    /** Hash id -> JSON Team. */
    teams: () => `${prefix}teams`,
    /** String: JSON Squad of one team. */
    squad: (teamId: string) => `${prefix}squad:${teamId}`,
    /** Sorted set of team ids by when their squad was last fetched (ms): the oldest are refreshed first. */
    squadsByFetch: () => `${prefix}idx:squads:fetched`,
    /** Hash id -> JSON NewsItem, and a sorted set of ids by publication time. */
    news: () => `${prefix}news`,
    newsByDate: () => `${prefix}idx:news:published`,
    /** Ingest bookkeeping: last successful poll per job, for the lag metric. */
    ingestHeartbeat: () => `${prefix}ingest:heartbeat`,
    /**
     * Sorted set of finished matches whose events, lineups and statistics ingest still has to fetch, by minus
     * their kickoff (ms): the latest finished first. Survives an ingest restart, so a backfill carries on.
     */
    detailsWanted: () => `${prefix}ingest:details:wanted`,
    /**
     * Sorted set of matches whose details were fetched after the final whistle (or given up on: the provider's
     * answer could not be read), by when (ms): never fetched again.
     */
    detailsDone: () => `${prefix}ingest:details:done`,
    /** Sorted set of match ids by when their details were last fetched (ms): the stalest are fetched first. */
    detailsFetched: () => `${prefix}ingest:details:fetched`,
    /**
     * Hash of when ingest last read a list from the provider (ms): `fixtures:<YYYY-MM-DD>`, `competitions`,
     * `standings:<competitionId>`, `teams:<competitionId>`. A poll cut short carries on with what is due.
     */
    ingestFetched: () => `${prefix}ingest:fetched`,
    /**
     * Counter: one number taken (INCR) just before each provider read that returns matches. A match's hash
     * keeps the number of the read that last wrote it, so a read taken earlier but written later (two workers,
     * or the live, details and fixtures polls racing) cannot put back an older score.
     */
    ingestReadTicket: () => `${prefix}ingest:read-ticket`,
    /** String held (with an expiry) while one run of a poll job is under way: runs of one job never overlap. */
    ingestRunning: (job: string) => `${prefix}ingest:running:${job}`,
    /** String: JSON of ingest's request planner (budget left, what it deferred), for the operators' page. */
    ingestPlanner: () => `${prefix}ingest:planner`,
    /**
     * String, with an expiry: JSON ProviderMatches, two teams' past meetings as the provider's own head-to-head
     * gives them. The pair is ordered (`headToHeadPair`), so both orders read one key.
     */
    providerHeadToHead: (pair: string) => `${prefix}provider:h2h:${pair}`,
    /** String, with an expiry: JSON ProviderMatches, a team's latest results as the provider lists them. */
    providerTeamForm: (teamId: string) => `${prefix}provider:form:${teamId}`,
    /**
     * Sorted set of provider reads a visitor asked for and ingest has not made yet (`onDemandMember`), by when
     * (ms); capped, newest kept.
     */
    onDemandWanted: () => `${prefix}provider:wanted`,
    /**
     * String, a cache of what the database says of a session, for the access-token check: `revoked` (logout,
     * sign-out everywhere, password change or reset, disabled or deleted user; kept while any of its access
     * tokens may live) or `live` (kept a short while, then asked again). Missing: ask the database.
     */
    sessionState: (sessionId: string) => `${prefix}auth:session:${sessionId}`,
    /** Counter of attempts at an auth action (login, registration, forgot/reset password) by one account, one address, one pair of them or the whole site. */
    authThrottle: (action: string, by: 'account' | 'ip' | 'account-ip' | 'site', subject: string) =>
      `${prefix}auth:throttle:${action}:${by}:${subject}`,
    /** Attempt counter of wrong deal codes from one address (gateway/src/payments/deal-guard.ts). */
    dealGuesses: (ip: string) => `${prefix}payments:deal-guesses:${ip}`,
    /** Counter of contact messages from one address or one sender (its address hashed), for one window. */
    contactThrottle: (by: 'ip' | 'email', subject: string) => `${prefix}contact:throttle:${by}:${subject}`,
    /**
     * Hash matchId -> viewers on one gateway, rewritten by that gateway while an operator watches, with a TTL
     * of a few seconds so a gateway that died drops out of the sum (gateway/src/ops/viewer-census.ts).
     */
    opsViewers: (gatewayId: string) => `${prefix}{ops}:viewers:${gatewayId}`,
    /** Sorted set of gateway ids by when they last wrote their viewers (ms). */
    opsGateways: () => `${prefix}{ops}:gateways`,
    /** String, set for a few seconds at a time while some gateway has an operator's dashboard connected. */
    opsWatching: () => `${prefix}{ops}:watching`,
    /**
     * BullMQ's own prefix (it adds `bull`-style keys under it). Its Lua scripts touch several keys of a
     * queue at once, so on a Cluster they must share a slot: the hash tag (BullMQ's documentation).
     */
    queuePrefix: () => `${prefix}{bull}`,
    /**
     * String: JSON of one social sign-in under way (PKCE verifier, nonce, where to land), ~10 minutes.
     * Keyed by the browser's binding cookie and the `state`, so a callback from another browser finds nothing.
     */
    socialFlow: (browserId: string, state: string) => `${prefix}auth:social:flow:${browserId}:${state}`,
    /** String: JSON of the LoginData a social callback earned, behind a one-time code, 60 s. */
    socialCode: (code: string) => `${prefix}auth:social:code:${code}`,
    /** Pub/sub channel: JSON ContentChanged after an operator's change commits (gateway/src/content). */
    contentChannel: () => `${prefix}ch:content`,
    /** Hash topic -> ISO time of its last change, for pages subscribing after it (content-hub.ts). */
    contentChanges: () => `${prefix}content:changes`,
  };
}
export type RedisKeys = ReturnType<typeof redisKeys>;

import type { Logger } from 'pino';
import type { TvProgramme } from '@pitchside/shared/content';
import type { Db } from '../db/db.ts';

/**
 * Demo content for `npm start` (issue 6): with the embedded simulator as the streaming provider, a fresh
 * database gets a few TV channels (the simulator's always-on test-pattern channels) with a schedule for the
 * coming days, free and premium films (its on-demand test pattern) and guides in English and German, so the
 * movies, TV and guides pages show something real. Written once: a marker row says it was done, and it is
 * never written again, whatever operators change or delete afterwards (nor when they had content first).
 */

const MARKER = 'demo-seeded';
const HOUR_MS = 3_600_000;

const CHANNELS = [
  {
    id: 'pitchside-one',
    name: 'Pitchside One',
    access: 'free',
    shows: ['Matchday Live', 'The Tactics Board', 'Goals of the Round', 'Pitchside Tonight'],
  },
  {
    id: 'pitchside-sport-plus',
    name: 'Pitchside Sport+',
    access: 'premium',
    shows: ['Big Match Replay', 'Inside the Dressing Room', 'European Nights', 'Full Time Analysis'],
  },
  {
    id: 'pitchside-classics',
    name: 'Pitchside Classics',
    access: 'free',
    shows: ['Classic Finals', 'Legends of the Game', 'Derby Day Rewind', 'World Cup Stories'],
  },
] as const;

const MOVIES = [
  {
    id: 'the-long-season',
    title: 'The Long Season',
    synopsis: 'A lower-league club, one season, and the volunteers who keep it alive from August to May.',
    year: 2021,
    access: 'free',
  },
  {
    id: 'ninety-minutes',
    title: 'Ninety Minutes',
    synopsis: 'One cup final told in real time from the stands, the dugouts and the press box.',
    year: 2019,
    access: 'premium',
  },
  {
    id: 'the-number-ten',
    title: 'The Number Ten',
    synopsis: 'A portrait of the playmaker: how the role changed from the 1970s to the pressing game.',
    year: 2023,
    access: 'premium',
  },
  {
    id: 'street-to-stadium',
    title: 'Street to Stadium',
    synopsis: 'Five players, five cities, and the pitches where they learned the game.',
    year: 2020,
    access: 'free',
  },
] as const;

const GUIDE_EN = `Pitchside shows every match as it happens: the score, the clock, goals, cards and substitutions
arrive on your screen within a second or two, without reloading the page.

## Find your match

- **Home** lists what is live now, the hot matches of the day and today's fixtures by competition.
- **Live matches** shows only the games in play. Scores and minutes move by themselves.
- Use the **search** to jump to a team, then open its page for fixtures, results, form and squad.

## Follow a match

Open a match to see its timeline, line-ups, statistics, head-to-head record and the league table.
Everything on the page updates live. If your connection drops, the page says so and catches up on
its own when you are back online: you never miss a goal, even after a tunnel.

## Favourites

Tap the star next to a team or a competition. Your favourites come first on the home page and in
the live list, on this device, without an account.

## Watching streams

Some matches have a free stream; others are premium. A premium plan covers every sport, a sport pass
covers one sport. See [Pricing](/en/pricing) for the plans, and your [account](/en/account) for what
you have bought.

## Tips

- Matches are shown in your time zone; change it in the page footer if you travel.
- Add Pitchside to your home screen for quicker access.
- Questions? Write to us through the [contact page](/en/contact).
`;

const GUIDE_DE = `Pitchside zeigt jedes Spiel in Echtzeit: Spielstand, Spielminute, Tore, Karten und Wechsel
erscheinen innerhalb von ein, zwei Sekunden auf deinem Bildschirm, ohne dass du die Seite neu laden musst.

## Dein Spiel finden

- **Startseite**: was gerade läuft, die Topspiele des Tages und die heutigen Partien nach Wettbewerb.
- **Live-Spiele** zeigt nur die laufenden Partien. Ergebnisse und Minuten aktualisieren sich von selbst.
- Über die **Suche** gelangst du direkt zu einem Team: Spielplan, Ergebnisse, Form und Kader.

## Ein Spiel verfolgen

Öffne ein Spiel, um Spielverlauf, Aufstellungen, Statistiken, direkten Vergleich und Tabelle zu sehen.
Alles auf der Seite aktualisiert sich live. Bricht deine Verbindung ab, zeigt die Seite das an und holt
alles nach, sobald du wieder online bist: So verpasst du kein Tor, auch nicht nach einem Funkloch.

## Favoriten

Tippe auf den Stern neben einem Team oder Wettbewerb. Deine Favoriten stehen auf der Startseite und in
der Live-Liste ganz oben, auf diesem Gerät und ohne Konto.

## Streams ansehen

Manche Spiele haben einen kostenlosen Stream, andere sind Premium. Ein Premium-Abo gilt für alle
Sportarten, ein Sportpass für eine. Die Angebote findest du unter [Preise](/de/pricing), deine Käufe in
deinem [Konto](/de/account).

## Tipps

- Anstoßzeiten erscheinen in deiner Zeitzone; auf Reisen kannst du sie in der Fußzeile ändern.
- Lege Pitchside auf deinem Startbildschirm ab, dann bist du schneller da.
- Fragen? Schreib uns über die [Kontaktseite](/de/contact).
`;

const STREAMS_EN = `A few things make live video on Pitchside smooth.

1. **Free or premium.** Each stream says which it is. Free streams play for everyone; premium streams
   need a plan: open [Pricing](/en/pricing) and pick a monthly or yearly plan, or a pass for one sport.
2. **Sign in first.** A plan belongs to your account. Sign in on every device you watch on.
3. **Stay on the page.** The player renews its access by itself while you watch; if you leave a stream
   paused for a long time, press play and it picks up again.
4. **Connection.** The stream adapts to your connection. On mobile data, the score and timeline keep
   updating even when video would stall.

Movies and TV channels follow the same rules: free titles play at once, premium ones with a plan that
covers every sport.
`;

const STREAMS_DE = `So laufen Live-Videos auf Pitchside reibungslos.

1. **Kostenlos oder Premium.** Jeder Stream zeigt, was er ist. Kostenlose Streams sieht jeder; für
   Premium-Streams brauchst du ein Abo: Unter [Preise](/de/pricing) wählst du ein Monats- oder
   Jahresabo oder einen Pass für eine Sportart.
2. **Erst anmelden.** Ein Abo gehört zu deinem Konto. Melde dich auf jedem Gerät an, auf dem du schaust.
3. **Auf der Seite bleiben.** Der Player erneuert seinen Zugang beim Zuschauen selbst; war ein Stream
   lange pausiert, drück einfach auf Play.
4. **Verbindung.** Der Stream passt sich deiner Verbindung an. Im Mobilfunknetz laufen Spielstand und
   Spielverlauf weiter, auch wenn das Video stockt.

Filme und TV-Sender funktionieren genauso: Kostenlose Titel starten sofort, Premium-Titel mit einem Abo
für alle Sportarten.
`;

const GUIDES = [
  {
    slug: 'following-matches-live',
    language: 'en',
    title: 'Following matches live on Pitchside',
    summary: 'Find a match, follow it second by second, keep your favourites first.',
    body: GUIDE_EN,
  },
  {
    slug: 'following-matches-live',
    language: 'de',
    title: 'Spiele live auf Pitchside verfolgen',
    summary: 'Spiele finden, Sekunde für Sekunde verfolgen, Favoriten nach oben holen.',
    body: GUIDE_DE,
  },
  {
    slug: 'watching-streams',
    language: 'en',
    title: 'Watching streams, movies and TV',
    summary: 'Free and premium streams, plans and passes, and what to do if video stalls.',
    body: STREAMS_EN,
  },
  {
    slug: 'watching-streams',
    language: 'de',
    title: 'Streams, Filme und TV ansehen',
    summary: 'Kostenlose und Premium-Streams, Abos und Pässe, und was tun, wenn das Video stockt.',
    body: STREAMS_DE,
  },
] as const;

/** Two-hour programmes from the start of today (UTC) for `days` days, the channel's shows in turn. */
export function demoSchedule(shows: readonly string[], nowMs: number, days = 4): TvProgramme[] {
  const start = Math.floor(nowMs / (24 * HOUR_MS)) * 24 * HOUR_MS;
  return Array.from({ length: (days * 24) / 2 }, (_, i) => ({
    title: shows[i % shows.length]!,
    startsAt: new Date(start + i * 2 * HOUR_MS).toISOString(),
    endsAt: new Date(start + (i + 1) * 2 * HOUR_MS).toISOString(),
  }));
}

/** Seeds the demo content once; answers whether it wrote anything. */
export async function seedDemoContent(
  db: Db,
  streamsApiUrl: string,
  logger: Logger,
  nowMs = Date.now(),
): Promise<boolean> {
  const base = streamsApiUrl.replace(/\/+$/, '');
  return db.transaction(async (tx) => {
    // The first gateway to get here seeds; the others find the marker taken.
    const marked = await tx.query(
      'INSERT INTO content_markers (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING name',
      [MARKER],
    );
    if (marked.length === 0) return false;
    const [existing] = await tx.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM movies) + (SELECT count(*) FROM tv_channels)
              + (SELECT count(*) FROM guides))::int AS n`,
    );
    if ((existing?.n ?? 0) > 0) return false;
    for (const [position, channel] of CHANNELS.entries()) {
      await tx.query(
        `INSERT INTO tv_channels (id, name, access, hls, schedule, position) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
        [
          channel.id,
          channel.name,
          channel.access,
          `${base}/streams/tv/${channel.id}/index.m3u8`,
          JSON.stringify(demoSchedule(channel.shows, nowMs)),
          position * 10,
        ],
      );
    }
    for (const [position, movie] of MOVIES.entries()) {
      await tx.query(
        `INSERT INTO movies (id, title, synopsis, year, access, video_kind, video_url, position)
         VALUES ($1, $2, $3, $4, $5, 'hls', $6, $7)`,
        [
          movie.id,
          movie.title,
          movie.synopsis,
          movie.year,
          movie.access,
          `${base}/streams/vod/movie-${movie.id}/index.m3u8`,
          position * 10,
        ],
      );
    }
    for (const guide of GUIDES) {
      await tx.query(
        `INSERT INTO guides (slug, language, title, summary, body, published) VALUES ($1, $2, $3, $4, $5, true)`,
        [guide.slug, guide.language, guide.title, guide.summary, guide.body],
      );
    }
    logger.info(
      { channels: CHANNELS.length, movies: MOVIES.length, guides: GUIDES.length },
      'demo content seeded',
    );
    return true;
  });
}

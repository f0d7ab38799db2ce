import type { MatchDay, SimFixture } from './match-day.ts';
import { FINISHED, LONGEST_MATCH_MS, fixtureStateAt, type FixtureState } from './match-state.ts';
import type { ArticleKind, MediaUrls } from './media.ts';
import { escapeXml, matchCardSvg, type MatchCard } from './svg-images.ts';

/**
 * The match RSS feed: an RSS 2.0 channel with a preview of each fixture three hours (simulated) before
 * kickoff and a report five minutes after the final whistle, shaped like BBC Sport's football feed
 * (CDATA title and description, guid isPermaLink="false", RFC 822 pubDate, media:thumbnail 240x135).
 * Items are a function of the simulated instant: nothing is published before its time.
 */

const PREVIEW_BEFORE_KICKOFF_MS = 3 * 60 * 60_000;
const REPORT_AFTER_FINAL_MS = 5 * 60_000;
/** How far back the feed reaches, and how many items at most, like a news site's feed. */
const FEED_WINDOW_MS = 36 * 60 * 60_000;
const FEED_LIMIT = 60;
/** How far back a preview looks for a team's recent form: five rounds of a league playing daily. */
const FORM_LOOKBACK_MS = 7 * 24 * 60 * 60_000;

export interface FeedItem {
  fixture: SimFixture;
  kind: ArticleKind;
  publishedMs: number;
  title: string;
  /** HTML, as a feed description may carry. */
  html: string;
  link: string;
  guid: string;
  image: string;
}

export function feedItems(schedule: MatchDay, nowMs: number, media: MediaUrls): FeedItem[] {
  const items: FeedItem[] = [];
  const recent = schedule.fixturesAt(nowMs, {
    fromMs: nowMs - FEED_WINDOW_MS - LONGEST_MATCH_MS,
    toMs: nowMs + PREVIEW_BEFORE_KICKOFF_MS + 1,
  });
  for (const fixture of recent) {
    for (const kind of ['preview', 'report'] as const) {
      const publishedMs = publicationMs(fixture, kind);
      if (publishedMs === null || publishedMs > nowMs || publishedMs < nowMs - FEED_WINDOW_MS) continue;
      items.push(article(schedule, fixture, kind, publishedMs, media));
    }
  }
  return items
    .sort((a, b) => b.publishedMs - a.publishedMs || a.fixture.id - b.fixture.id)
    .slice(0, FEED_LIMIT);
}

/** One article, if it has been published by `nowMs` (the link of a feed item points here). */
export function findArticle(
  schedule: MatchDay,
  fixtureId: number,
  kind: ArticleKind,
  nowMs: number,
  media: MediaUrls,
): FeedItem | null {
  const fixture = schedule.fixture(fixtureId, nowMs);
  if (!fixture) return null;
  const publishedMs = publicationMs(fixture, kind);
  if (publishedMs === null || publishedMs > nowMs) return null;
  return article(schedule, fixture, kind, publishedMs, media);
}

function publicationMs(fixture: SimFixture, kind: ArticleKind): number | null {
  if (fixture.role === 'history') return null;
  // A cup tie drawn less than three hours before kickoff gets its preview at the draw.
  if (kind === 'preview')
    return Math.max(fixture.kickoffMs - PREVIEW_BEFORE_KICKOFF_MS, fixture.publishedMs ?? -Infinity);
  const final = fixture.script.final;
  return final ? fixture.kickoffMs + final.atMs + REPORT_AFTER_FINAL_MS : null;
}

function article(
  schedule: MatchDay,
  fixture: SimFixture,
  kind: ArticleKind,
  publishedMs: number,
  media: MediaUrls,
): FeedItem {
  const state = fixtureStateAt(fixture, publishedMs);
  const { home, away } = fixture;
  const title =
    kind === 'preview'
      ? `${fixture.script.postponed ? 'Postponed' : 'Preview'}: ${home.name} v ${away.name}`
      : state.status.short === 'ABD'
        ? `Abandoned: ${home.name} v ${away.name}`
        : `Report: ${home.name} ${state.goals.home}-${state.goals.away} ${away.name}`;
  return {
    fixture,
    kind,
    publishedMs,
    title,
    html: kind === 'preview' ? previewHtml(schedule, fixture, publishedMs) : reportHtml(fixture, state),
    link: media.article(fixture.id, kind),
    guid: `urn:pitchside-simulator:${schedule.seed}:fixture:${fixture.id}:${kind}`,
    image: media.articleImage(fixture.id, kind),
  };
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

function previewHtml(schedule: MatchDay, fixture: SimFixture, publishedMs: number): string {
  const where = fixture.venue.name
    ? ` at ${escapeXml(fixture.venue.name)}${fixture.venue.city ? `, ${escapeXml(fixture.venue.city)}` : ''}`
    : '';
  if (fixture.script.postponed) {
    return `<p><strong>${escapeXml(fixture.competition.name)}</strong>, ${escapeXml(fixture.round)}: ${escapeXml(fixture.home.name)} v ${escapeXml(fixture.away.name)}${where} has been postponed. A new date will be announced.</p>`;
  }
  const form = (teamId: number) => {
    const results = schedule
      .fixturesAt(publishedMs, {
        competitionId: fixture.competition.id,
        teamIds: [teamId],
        fromMs: fixture.kickoffMs - FORM_LOOKBACK_MS,
        toMs: fixture.kickoffMs,
      })
      .map((f) => ({ f, s: fixtureStateAt(f, publishedMs) }))
      .filter(({ s }) => FINISHED.has(s.status.short))
      .slice(-5)
      .reverse()
      .map(({ f, s }) => {
        const mine = f.home.id === teamId ? (s.goals.home ?? 0) : (s.goals.away ?? 0);
        const theirs = f.home.id === teamId ? (s.goals.away ?? 0) : (s.goals.home ?? 0);
        return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
      });
    return results.length > 0 ? results.join('') : 'no games yet';
  };
  return [
    `<p><strong>${escapeXml(fixture.competition.name)}</strong>, ${escapeXml(fixture.round)}: ${escapeXml(fixture.home.name)} host ${escapeXml(fixture.away.name)}${where}, kick-off ${hhmm(fixture.kickoffMs)} UTC.</p>`,
    `<p>Recent form (latest first): ${escapeXml(fixture.home.name)} ${form(fixture.home.id)}, ${escapeXml(fixture.away.name)} ${form(fixture.away.id)}.</p>`,
    fixture.referee ? `<p>Referee: ${escapeXml(fixture.referee)}.</p>` : '',
  ].join('');
}

function reportHtml(fixture: SimFixture, state: FixtureState): string {
  const minute = (e: FixtureState['events'][number]) =>
    `${e.time.elapsed}${e.time.extra ? `+${e.time.extra}` : ''}'`;
  const goals = state.events
    .filter((e) => e.type === 'Goal' && e.scoresFor !== null)
    .map((e) => {
      const team = e.scoresFor === 'home' ? fixture.home.name : fixture.away.name;
      const note = e.detail === 'Penalty' ? ' (pen)' : e.detail === 'Own Goal' ? ' (og)' : '';
      return `<li>${escapeXml(e.player.name ?? 'Unknown')} ${minute(e)}${note}, ${escapeXml(team)}</li>`;
    });
  const dismissals = state.events
    .filter((e) => e.detail === 'Red Card' || e.detail === 'Second Yellow card')
    .map((e) => `${escapeXml(e.player.name ?? 'Unknown')} ${minute(e)}`);
  const penalties =
    state.score.penalty.home !== null
      ? `<p>${escapeXml(state.winner.home ? fixture.home.name : fixture.away.name)} won ${Math.max(state.score.penalty.home, state.score.penalty.away ?? 0)}-${Math.min(state.score.penalty.home, state.score.penalty.away ?? 0)} on penalties.</p>`
      : '';
  const headline =
    state.status.short === 'ABD'
      ? `<p>${escapeXml(fixture.home.name)} v ${escapeXml(fixture.away.name)} was abandoned at ${state.status.elapsed}' with the score ${state.goals.home}-${state.goals.away}.</p>`
      : `<p><strong>${escapeXml(fixture.home.name)} ${state.goals.home}-${state.goals.away} ${escapeXml(fixture.away.name)}</strong>${state.status.short === 'AET' ? ' after extra time' : ''} (${escapeXml(fixture.competition.name)}, ${escapeXml(fixture.round)}).</p>`;
  return [
    headline,
    penalties,
    goals.length > 0 ? `<ul>${goals.join('')}</ul>` : '<p>No goals.</p>',
    dismissals.length > 0 ? `<p>Sent off: ${dismissals.join(', ')}.</p>` : '',
  ].join('');
}

/** The feed, RSS 2.0 with the media namespace for thumbnails. */
export function renderMatchFeed(schedule: MatchDay, nowMs: number, media: MediaUrls): string {
  const items = feedItems(schedule, nowMs, media)
    .map(
      (item) => `    <item>
      <title>${cdata(item.title)}</title>
      <description>${cdata(item.html)}</description>
      <link>${escapeXml(item.link)}</link>
      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>
      <pubDate>${new Date(item.publishedMs).toUTCString()}</pubDate>
      <media:thumbnail width="240" height="135" url="${escapeXml(item.image)}"/>
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${cdata('Pitchside Simulator - Match previews and reports')}</title>
    <description>${cdata('Previews and reports of the simulated match day')}</description>
    <link>${escapeXml(media.base)}/</link>
    <atom:link href="${escapeXml(media.feed())}" rel="self" type="application/rss+xml"/>
    <language>en-gb</language>
    <lastBuildDate>${new Date(nowMs).toUTCString()}</lastBuildDate>
    <ttl>5</ttl>
${items}
  </channel>
</rss>
`;
}

/** The article page a feed item links to. */
export function articlePageHtml(item: FeedItem): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(item.title)}</title></head>
<body>
<article>
<h1>${escapeXml(item.title)}</h1>
<p><time datetime="${new Date(item.publishedMs).toISOString()}">${new Date(item.publishedMs).toUTCString()}</time></p>
<img src="${escapeXml(item.image)}" width="240" height="135" alt="">
${item.html}
</article>
</body>
</html>
`;
}

/** The thumbnail of an article: club colours, and the kick-off time or the final score. */
export function articleImageSvg(fixture: SimFixture, kind: ArticleKind): string {
  const final = fixture.script.final;
  const state = kind === 'report' && final ? fixtureStateAt(fixture, fixture.kickoffMs + final.atMs) : null;
  const card: MatchCard = {
    home: { name: fixture.home.name, primary: fixture.home.squad.colors.player.primary },
    away: { name: fixture.away.name, primary: fixture.away.squad.colors.player.primary },
    centre: state
      ? `${state.goals.home} - ${state.goals.away}`
      : fixture.script.postponed
        ? 'PST'
        : `${hhmm(fixture.kickoffMs)} UTC`,
    caption: fixture.competition.name,
  };
  return matchCardSvg(card);
}

/** CDATA, with any "]]>" in the text split across two sections so it cannot end the section early. */
function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

import { deriveSeed } from './prng.ts';
import { inkOn, readableOn } from './squad.ts';

/**
 * Small generated SVG images: club badges (a shield in the club's colours with its initials), competition
 * logos, flags, head-and-shoulders silhouettes, a ground, and the 240x135 cards the match feed uses as
 * thumbnails. Text is escaped; nothing here reads a file or the network.
 */

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** "Castlebridge United" -> "CU", "Real Valdoria" -> "RV", "SV Dijkhaven" -> "SD". */
export function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => /\p{L}/u.test(w));
  const letters =
    words.length === 1
      ? (words[0] ?? '').slice(0, 3)
      : words
          .slice(0, 3)
          .map((w) => w.match(/\p{L}/u)?.[0] ?? '')
          .join('');
  return letters.toUpperCase();
}

export function teamBadgeSvg(name: string, primary: string, secondary: string): string {
  const text = escapeXml(initials(name));
  return svg(
    120,
    140,
    `<title>${escapeXml(name)}</title>
  <path d="M60 4 L112 18 L112 70 C112 104 88 126 60 136 C32 126 8 104 8 70 L8 18 Z" fill="#${primary}" stroke="#${secondary}" stroke-width="6"/>
  <path d="M60 14 L60 128" stroke="#${secondary}" stroke-width="3" opacity="0.35"/>
  <text x="60" y="84" font-family="Arial, Helvetica, sans-serif" font-size="${text.length > 2 ? 34 : 42}" font-weight="700" fill="#${inkOn(primary, secondary)}" text-anchor="middle">${text}</text>`,
  );
}

export function leagueLogoSvg(name: string, kind: 'League' | 'Cup'): string {
  const hue = deriveSeed(name) % 360;
  const emblem =
    kind === 'Cup'
      ? '<path d="M38 30 H82 V52 C82 68 72 78 60 80 C48 78 38 68 38 52 Z M52 80 H68 V94 H78 V102 H42 V94 H52 Z" fill="#f5c542"/>'
      : '<circle cx="60" cy="56" r="26" fill="#ffffff"/><path d="M60 38 L70 48 L66 62 L54 62 L50 48 Z" fill="#222"/>';
  return svg(
    120,
    120,
    `<title>${escapeXml(name)}</title>
  <rect x="4" y="4" width="112" height="112" rx="22" fill="hsl(${hue} 55% 32%)"/>
  ${emblem}
  <text x="60" y="112" font-family="Arial, Helvetica, sans-serif" font-size="13" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials(name))}</text>`,
  );
}

/** A made-up tricolour per country code, labelled with the code: recognisable, and obviously not official. */
export function flagSvg(code: string): string {
  const seed = deriveSeed('flag', code);
  const palette = ['#c8102e', '#ffffff', '#012169', '#009246', '#ffcd00', '#000000', '#0055a4', '#ef3340'];
  const colour = (i: number) => palette[(seed >>> (i * 3)) % palette.length]!;
  const vertical = seed % 2 === 0;
  const stripes = [0, 1, 2]
    .map((i) =>
      vertical
        ? `<rect x="${i * 20}" y="0" width="20" height="40" fill="${colour(i)}"/>`
        : `<rect x="0" y="${(i * 40) / 3}" width="60" height="${40 / 3}" fill="${colour(i)}"/>`,
    )
    .join('');
  return svg(
    60,
    40,
    `<title>${escapeXml(code.toUpperCase())}</title>${stripes}
  <text x="30" y="25" font-family="Arial, Helvetica, sans-serif" font-size="11" font-weight="700" fill="#000" stroke="#fff" stroke-width="0.6" text-anchor="middle">${escapeXml(code.toUpperCase())}</text>`,
  );
}

export function personSvg(label: string): string {
  return svg(
    100,
    100,
    `<title>${escapeXml(label)}</title>
  <rect width="100" height="100" fill="#e6e9ef"/>
  <circle cx="50" cy="38" r="18" fill="#9aa3b2"/>
  <path d="M16 100 C18 72 34 62 50 62 C66 62 82 72 84 100 Z" fill="#9aa3b2"/>`,
  );
}

export function venueSvg(label: string): string {
  return svg(
    240,
    135,
    `<title>${escapeXml(label)}</title>
  <rect width="240" height="135" fill="#1f6f3a"/>
  <rect x="20" y="20" width="200" height="95" fill="none" stroke="#fff" stroke-width="2"/>
  <line x1="120" y1="20" x2="120" y2="115" stroke="#fff" stroke-width="2"/>
  <circle cx="120" cy="67" r="16" fill="none" stroke="#fff" stroke-width="2"/>`,
  );
}

export interface MatchCard {
  home: { name: string; primary: string };
  away: { name: string; primary: string };
  /** "2 - 1", or the kick-off time for a preview. */
  centre: string;
  caption: string;
}

/** The 240x135 picture of a preview or report, the size BBC Sport's feed uses for media:thumbnail. */
export function matchCardSvg(card: MatchCard): string {
  const side = (x: number, team: MatchCard['home']) =>
    `<rect x="${x}" y="0" width="120" height="135" fill="#${team.primary}"/>
  <text x="${x + 60}" y="58" font-family="Arial, Helvetica, sans-serif" font-size="28" font-weight="700" fill="#${readableOn(team.primary)}" text-anchor="middle">${escapeXml(initials(team.name))}</text>`;
  return svg(
    240,
    135,
    `<title>${escapeXml(`${card.home.name} v ${card.away.name}`)}</title>
  ${side(0, card.home)}
  ${side(120, card.away)}
  <rect x="70" y="76" width="100" height="30" rx="6" fill="#111" opacity="0.85"/>
  <text x="120" y="97" font-family="Arial, Helvetica, sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(card.centre)}</text>
  <text x="120" y="126" font-family="Arial, Helvetica, sans-serif" font-size="11" fill="#fff" stroke="#000" stroke-width="0.3" text-anchor="middle">${escapeXml(card.caption)}</text>`,
  );
}

function svg(width: number, height: number, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">
  ${body}
</svg>
`;
}

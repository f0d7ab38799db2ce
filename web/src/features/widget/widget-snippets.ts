/**
 * The embed code the configurator hands out, built from the chosen settings: the embed's address on the
 * gateway (/embed/scores, gateway/src/widget), the script snippet (a link that /widget.js turns into the
 * widget, and that stays a link where scripts are off) and the iframe snippet.
 */
export const WIDGET_SCOPES = ['live', 'competition', 'team'] as const;
export const WIDGET_THEMES = ['light', 'dark'] as const;
export const WIDGET_SIZES = ['compact', 'regular'] as const;

export interface WidgetSettings {
  scope: (typeof WIDGET_SCOPES)[number];
  /** The competition's or team's id; ignored for the live list. */
  id: string | null;
  theme: (typeof WIDGET_THEMES)[number];
  lang: string;
  size: (typeof WIDGET_SIZES)[number];
}

/** The frame's height before the embed reports its own (widget.js uses the same). */
export const FRAME_HEIGHTS: Record<WidgetSettings['size'], number> = { compact: 260, regular: 380 };
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/** False while a competition or team widget has no id yet: there is no code to give out. */
export const isComplete = (settings: WidgetSettings): boolean =>
  settings.scope === 'live' || Boolean(settings.id);

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The embed's options as a query string, in a fixed order. */
export function embedQuery(settings: WidgetSettings): string {
  const query = new URLSearchParams({ scope: settings.scope });
  if (settings.scope !== 'live' && settings.id) query.set('id', settings.id);
  query.set('theme', settings.theme);
  query.set('lang', settings.lang);
  query.set('size', settings.size);
  return query.toString();
}

/** The embed's path on our origin (the preview), or its full address with the site's origin (`base`). */
export const embedUrl = (settings: WidgetSettings, base = ''): string =>
  `${base.replace(/\/$/, '')}/embed/scores?${embedQuery(settings)}`;

export function iframeSnippet(settings: WidgetSettings, base: string, title: string): string {
  return [
    `<iframe src="${attribute(embedUrl(settings, base))}" title="${attribute(title)}"`,
    ` width="100%" height="${FRAME_HEIGHTS[settings.size]}" style="border:0;max-width:100%" loading="lazy"`,
    ` sandbox="${FRAME_SANDBOX}"></iframe>`,
  ].join('');
}

/**
 * `href` is the page the link leads to where scripts are off: the live list, the competition or the team
 * on the site, in the widget's language.
 */
export function scriptSnippet(
  settings: WidgetSettings,
  base: string,
  href: string,
  linkText: string,
): string {
  const origin = base.replace(/\/$/, '');
  const data = [
    `data-scope="${settings.scope}"`,
    ...(settings.scope !== 'live' && settings.id ? [`data-id="${attribute(settings.id)}"`] : []),
    `data-theme="${settings.theme}"`,
    `data-lang="${attribute(settings.lang)}"`,
    `data-size="${settings.size}"`,
  ].join(' ');
  return (
    `<a class="pitchside-widget" href="${attribute(`${origin}${href}`)}" ${data}>${text(linkText)}</a>\n` +
    `<script async src="${attribute(`${origin}/widget.js`)}"></script>`
  );
}

import MarkdownIt from 'markdown-it';

/**
 * Guides and static page texts are written in markdown by operators and rendered here into inert HTML
 * (`bodyHtml`), which the website inserts as it is. Inert means: no raw HTML at all (html: false escapes
 * it, so `<script>` or `<img onerror>` come out as text), links only to http(s), mailto or our own
 * site-relative paths, images only from https or our own paths. markdown-it has decoded entities and
 * percent-encoded the destination before `validateLink` sees it, so `jav&#x61;script:` and `JaVaScRiPt:` are
 * judged as what a browser would follow. Links to other sites carry rel="nofollow noopener noreferrer ugc".
 */

const LINK = /^(?:https?:\/\/|mailto:)/i;
const IMAGE = /^https:\/\//i;
/** `/path` or `#anchor`; never `//host` or `/\host`, which browsers read as another site. */
const SITE_RELATIVE = /^(?:\/(?![/\\]|%5c)|#)/i;

const allowedLink = (url: string) => LINK.test(url) || SITE_RELATIVE.test(url);
const allowedImage = (url: string) => IMAGE.test(url) || SITE_RELATIVE.test(url);
const EXTERNAL_REL = 'nofollow noopener noreferrer ugc';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = allowedLink;

md.renderer.rules.image = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  const alt = self.renderInlineAsText(token.children ?? [], options, _env);
  if (!allowedImage(String(token.attrGet('src') ?? ''))) return md.utils.escapeHtml(alt);
  token.attrSet('alt', alt);
  token.attrSet('loading', 'lazy');
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  if (/^https?:\/\//i.test(String(token.attrGet('href') ?? ''))) token.attrSet('rel', EXTERNAL_REL);
  return self.renderToken(tokens, idx, options);
};

/** Markdown as written by an operator -> HTML safe to insert into our pages. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

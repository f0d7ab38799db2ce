import { Router } from 'express';
import { LANGUAGES } from '@pitchside/shared/constants';
import { deprecatedTarget } from '@pitchside/shared/site/deprecated-links';

const DEPRECATED = new RegExp(`^/(${LANGUAGES.join('|')})/deprecated/([^/?]+)/?$`);

/**
 * `/xx/deprecated/{slug}`: the old site's addresses, answered before the page renders with a permanent
 * redirect to their new home (shared/src/site/deprecated-links.ts), language prefix and query string kept.
 * A slug the table does not know falls through to the website's `deprecated` page (200, noindex), which
 * points people on. The target is always the table's, so no request can make this redirect elsewhere.
 */
export function deprecatedRedirects(): Router {
  const router = Router();
  router.get(DEPRECATED, (req, res, next) => {
    const [, language, raw] = DEPRECATED.exec(req.path) as unknown as [string, string, string];
    let slug: string;
    try {
      slug = decodeURIComponent(raw).toLowerCase();
    } catch {
      return next();
    }
    const target = deprecatedTarget(slug);
    if (!target) return next();
    const query = req.originalUrl.indexOf('?');
    const search = query === -1 ? '' : req.originalUrl.slice(query);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.redirect(301, `/${language}/${target}${search}`);
  });
  return router;
}

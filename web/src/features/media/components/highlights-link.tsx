import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * On a finished match's page: the way to its highlights (/match-highlight/:id). Styled by the match page's
 * stylesheet, so the media pages' CSS does not block the match page's first paint.
 */
export function HighlightsLink({ href }: { href: string }) {
  const { t } = useTranslation('media');
  return (
    <p className="media-highlights-link">
      <Link className="button" to={href} data-testid="match-highlights-link">
        {t('highlights.link')}
      </Link>
    </p>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GuideSummary } from '@pitchside/shared/content';
import { useFormat } from '../../../lib/format.ts';
import '../media.css';

/** The guides of a language: title (a link to the article), summary and the date of the last update. */
export function GuideList({
  guides,
  guideHref,
}: {
  guides: readonly GuideSummary[];
  guideHref: (slug: string) => string;
}) {
  const { t } = useTranslation('media');
  const format = useFormat();
  return (
    <ul className="guide-list" aria-label={t('guides.listLabel')} data-testid="guide-list">
      {guides.map((guide) => (
        <li key={guide.slug} className="guide-list__item" data-testid="guide-summary" data-slug={guide.slug}>
          <h2 className="guide-list__title">
            <Link to={guideHref(guide.slug)}>{guide.title}</Link>
          </h2>
          {guide.summary && <p className="guide-list__summary">{guide.summary}</p>}
          <p className="guide-list__meta">
            {t('guides.updated')}{' '}
            <time dateTime={guide.updatedAt}>{format.date(guide.updatedAt, 'date')}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

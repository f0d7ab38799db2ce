import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../features/content/components/coming-soon.tsx';
import { SUPPORT_EMAIL } from './chrome/site-footer.tsx';
import { StaticPageHead } from './head/static-page-head.tsx';
import { useLocalPath, usePaths } from './paths.ts';

/**
 * The media pages (highlights, movies, TV) until the content issue brings their videos: what will be
 * there, and links to what exists now.
 */
export function MediaComingSoon({ page }: { page: 'highlight' | 'movies' | 'tv' }) {
  const { t } = useTranslation('content');
  const to = useLocalPath();
  const paths = usePaths();
  const doc = t(`media.${page}`, { returnObjects: true });
  return (
    <>
      <StaticPageHead page={page} />
      <ComingSoonPage
        title={doc.title}
        lead={doc.lead}
        comingText={doc.comingText}
        meanwhile={doc.meanwhile}
        hrefs={{
          live: paths.liveMatches(),
          fixtures: paths.fixtures(),
          hot: paths.hotMatches(),
          leagues: paths.leagues(),
        }}
        to={to}
        supportEmail={SUPPORT_EMAIL}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../features/content/components/coming-soon.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

/** /movies: football films arrive with the content issue; until then, what exists. */
export function Component() {
  const { t } = useTranslation('content');
  const to = useLocalPath();
  const paths = usePaths();
  const doc = t('media.movies', { returnObjects: true });
  return (
    <>
      <StaticPageHead page="movies" />
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

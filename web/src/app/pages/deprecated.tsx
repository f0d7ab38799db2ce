import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/components/content-page.tsx';
import { LinkList } from '../../features/content/components/link-list.tsx';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

/**
 * /deprecated/:slug?: where retired addresses land. The old addresses the site knows never get here: the
 * gateway answers them with a 301 to their new home (shared/src/site/deprecated-links.ts). Any other slug,
 * or none, gets this page: a page of the spec, so it answers 200, but it tells robots not to index it and
 * sends people on to the pages that exist.
 */
export function Component() {
  const { t } = useTranslation('content');
  const to = useLocalPath();
  const paths = usePaths();
  const supportEmail = useSupportEmail();
  return (
    <>
      <StaticPageHead page="deprecated" noindex />
      <ContentPage
        title={t('deprecated.title')}
        lead={t('deprecated.lead')}
        to={to}
        supportEmail={supportEmail}
      >
        <LinkList
          title={t('deprecated.hint')}
          links={[
            { to: paths.home(), label: t('deprecated.home') },
            { to: paths.liveMatches(), label: t('deprecated.live'), hint: t('common.liveMatchesHint') },
          ]}
        />
      </ContentPage>
    </>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentPage, ProseSection } from './content-page.tsx';
import { LinkList, type LinkCard } from './link-list.tsx';

/** The pages that exist today and are worth opening instead: each page passes their localised paths. */
export interface NextStepHrefs {
  live: string;
  fixtures: string;
  hot: string;
  leagues: string;
}

export function useNextStepLinks(hrefs: NextStepHrefs): LinkCard[] {
  const { t } = useTranslation('content');
  return [
    { to: hrefs.live, label: t('common.liveMatches'), hint: t('common.liveMatchesHint') },
    { to: hrefs.fixtures, label: t('common.fixtures'), hint: t('common.fixturesHint') },
    { to: hrefs.hot, label: t('common.hotMatches'), hint: t('common.hotMatchesHint') },
    { to: hrefs.leagues, label: t('common.leagues'), hint: t('common.leaguesHint') },
  ];
}

interface ComingSoonPageProps {
  title: string;
  lead: string;
  /** What the area will hold, said plainly: nothing is shown that does not exist yet. */
  comingText: string;
  meanwhile: string;
  hrefs: NextStepHrefs;
  to: (path: string) => string;
  supportEmail: string;
  /** Shown between the announcement and the links (e.g. the match a highlight page is about). */
  children?: ReactNode;
}

/** An area whose content arrives later (highlights, films, TV): what will be there, and what exists now. */
export function ComingSoonPage({
  title,
  lead,
  comingText,
  meanwhile,
  hrefs,
  to,
  supportEmail,
  children,
}: ComingSoonPageProps) {
  const { t } = useTranslation('content');
  const links = useNextStepLinks(hrefs);
  return (
    <ContentPage title={title} lead={lead} to={to} supportEmail={supportEmail}>
      {children}
      <ProseSection id="coming-soon" heading={t('common.comingSoon')} paragraphs={[comingText, meanwhile]} />
      <LinkList title={t('common.links')} links={links} />
    </ContentPage>
  );
}

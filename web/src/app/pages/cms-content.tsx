import { useTranslation } from 'react-i18next';
import { redirect, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { LANGUAGES, type Language } from '@pitchside/shared/constants';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { CmsNav } from '../../features/cms/components/cms-nav.tsx';
import { CmsWorkspace } from '../../features/cms/components/cms-workspace.tsx';
import { CMS_SECTIONS, isCmsSection, type CmsSection } from '../../features/cms/cms-sections.ts';
import { PageHead } from '../head/page-head.tsx';
import { useLocalPath } from '../paths.ts';
import '../../features/auth/auth.css';

/** The path of a CMS section (null: the dashboard at /cms), below the language prefix. */
const cmsPath = (section: CmsSection | null): string => (section ? `/cms/content/${section}` : '/cms');

/** /cms/content (or an unknown section): the first section, hot matches. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isCmsSection(params.section)) throw redirect(`/${params.lang ?? 'en'}${cmsPath(CMS_SECTIONS[0])}`);
  return null;
}

/**
 * /cms/content/{section} (middleware 'auth'): the operators' CMS, one section per address (hot matches,
 * stream sources, highlights, movies, TV, guides, page texts, plans, deals). For an admin, the section's
 * editor; for anyone else "admins only" and never a form. The gateway decides on every call (403 without
 * the scope, read from the database); the session's scope only picks what to show first.
 */
export function Component() {
  const { t } = useTranslation('cms');
  const { section, lang } = useParams();
  const to = useLocalPath();
  const { restored, isAdmin } = useSessionStore(
    useShallow((s) => ({ restored: s.restored, isAdmin: !!s.user?.scope.includes('admin') })),
  );
  // The loader sent any other address to a section.
  if (!isCmsSection(section)) return null;
  const language: Language = (LANGUAGES as readonly string[]).includes(lang ?? '')
    ? (lang as Language)
    : 'en';

  let body;
  if (!restored) body = <p className="account-section">{t('common.loading')}</p>;
  else if (!isAdmin)
    body = (
      <p className="account-section" role="alert" data-testid="cms-admins-only">
        {t('adminsOnly')}
      </p>
    );
  else
    body = (
      <>
        <CmsNav current={section} hrefOf={(s) => to(cmsPath(s))} />
        <CmsWorkspace section={section} language={language} />
      </>
    );
  return (
    <>
      <PageHead
        title={t('page.title', { section: t(`nav.${section}`) })}
        description={t('page.description')}
        noindex
      />
      <div className="page-heading">
        <h1>{t('page.heading')}</h1>
      </div>
      <div className="account-sections">{body}</div>
    </>
  );
}

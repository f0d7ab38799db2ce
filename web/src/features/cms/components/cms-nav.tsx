import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CMS_SECTIONS, type CmsSection } from '../cms-sections.ts';
import '../cms.css';

/**
 * The admin side's navigation: the dashboard and every content section, the current one marked for
 * assistive technology (aria-current). Plain links, so each section has its own address and history entry.
 */
export function CmsNav({
  current,
  hrefOf,
}: {
  current: CmsSection | 'dashboard';
  /** The path of a section (null: the dashboard), with the language prefix: pages build paths. */
  hrefOf: (section: CmsSection | null) => string;
}) {
  const { t } = useTranslation('cms');
  const item = (id: CmsSection | 'dashboard') => (
    <li key={id}>
      <Link
        to={hrefOf(id === 'dashboard' ? null : id)}
        aria-current={current === id ? 'page' : undefined}
        data-testid={`cms-nav-${id}`}
      >
        {t(`nav.${id}`)}
      </Link>
    </li>
  );
  return (
    <nav className="cms-nav" aria-label={t('nav.label')} data-testid="cms-nav">
      <ul>
        {item('dashboard')}
        {CMS_SECTIONS.map(item)}
      </ul>
    </nav>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { LANGUAGES } from '@pitchside/shared/constants';
import { switchLanguagePath } from '../language/negotiate.ts';
import { useLocalPath } from '../paths.ts';
import { LANGUAGE_NAMES } from './language-switcher.tsx';

const FOOTER_LINKS = [
  ['about-us', '/about-us'],
  ['contact', '/contact'],
  ['faq', '/faq'],
  ['guides', '/guides'],
  ['pricing', '/pricing'],
  ['widget', '/widget'],
  ['terms', '/terms'],
  ['privacy', '/policy/privacy'],
  ['refund', '/policy/refund'],
  ['disclaimer', '/disclaimer'],
  ['security', '/security'],
] as const;

export const SUPPORT_EMAIL = 'support@pitchside.example';

/** Site links, the page in every language (so crawlers find them all), support address and socials. */
export function SiteFooter() {
  const { t } = useTranslation();
  const to = useLocalPath();
  const { pathname } = useLocation();
  return (
    <footer className="site-footer" id="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t('footer.label')} className="site-footer__links">
          {FOOTER_LINKS.map(([key, path]) => (
            <Link key={key} to={to(path)}>
              {t(`footer.links.${key}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t('footer.languages')} className="site-footer__languages">
          {LANGUAGES.map((language) => (
            <Link
              key={language}
              to={switchLanguagePath(pathname, language)}
              hrefLang={language}
              lang={language}
            >
              {LANGUAGE_NAMES[language]}
            </Link>
          ))}
        </nav>
        <p className="site-footer__contact">
          {t('footer.support')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p className="site-footer__social">
          <a href="https://t.me/pitchside" rel="noopener" target="_blank">
            Telegram
          </a>
          <a href="https://x.com/pitchside" rel="noopener" target="_blank">
            X
          </a>
          <a href="https://www.facebook.com/pitchside" rel="noopener" target="_blank">
            Facebook
          </a>
        </p>
        <p className="site-footer__legal">{t('footer.legal', { year: 2026 })}</p>
      </div>
    </footer>
  );
}

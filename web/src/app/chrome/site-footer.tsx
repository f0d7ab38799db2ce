import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { LANGUAGES } from '@pitchside/shared/constants';
import {
  DEFAULT_SOCIAL_LINKS,
  DEFAULT_SUPPORT_EMAIL,
  type SocialLinks,
} from '@pitchside/shared/contact/constants';
import { useVisit } from '../../lib/visit.ts';
import { switchLanguagePath } from '../../lib/i18n/negotiate.ts';
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

/** The deployment's support address (SUPPORT_EMAIL), as the gateway passed it to this visit. */
export function useSupportEmail(): string {
  return useVisit().config.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}

/** The deployment's social links (SOCIAL_TELEGRAM_URL, SOCIAL_X_URL, SOCIAL_FACEBOOK_URL). */
export function useSocialLinks(): SocialLinks {
  return useVisit().config.social ?? DEFAULT_SOCIAL_LINKS;
}

const SOCIAL_NAMES = [
  ['telegram', 'Telegram'],
  ['x', 'X'],
  ['facebook', 'Facebook'],
] as const satisfies readonly (readonly [keyof SocialLinks, string])[];

/** Site links, the page in every language (so crawlers find them all), support address and socials. */
export function SiteFooter() {
  const { t } = useTranslation();
  const to = useLocalPath();
  const { pathname } = useLocation();
  const supportEmail = useSupportEmail();
  const social = useSocialLinks();
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
          {t('footer.support')}{' '}
          <a href={`mailto:${supportEmail}`} data-testid="footer-support">
            {supportEmail}
          </a>
        </p>
        <p className="site-footer__social">
          {SOCIAL_NAMES.map(([key, name]) => (
            <a key={key} href={social[key]} rel="noopener" target="_blank" data-testid={`footer-${key}`}>
              {name}
            </a>
          ))}
        </p>
        <p className="site-footer__legal">{t('footer.legal', { year: 2026 })}</p>
      </div>
    </footer>
  );
}

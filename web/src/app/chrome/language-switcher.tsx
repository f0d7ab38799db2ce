import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LANGUAGES, type Language } from '@pitchside/shared/constants';
import { isLanguage, switchLanguagePath } from '../../lib/i18n/negotiate.ts';

/** Each language in its own name: a visitor who cannot read the page can still find theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  ru: 'Русский',
  tr: 'Türkçe',
};

/**
 * Switching language moves to the same page under the new prefix; the root route's loader loads the
 * language's messages and remembers the choice in the cookie before the page moves (SPEC 4).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        value={i18n.language}
        data-testid="language-switcher"
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          void navigate(`${switchLanguagePath(location.pathname, next)}${location.search}${location.hash}`, {
            preventScrollReset: true,
          });
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

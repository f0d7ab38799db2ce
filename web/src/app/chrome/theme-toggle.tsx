import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writeCookie } from '@pitchside/shared/cookies';
import { THEME_COOKIE, type Theme } from '../boot.ts';

const ONE_YEAR = 365 * 24 * 60 * 60;

function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Dark and light themes. The choice is a cookie so the server renders the right one (no flash); without
 * one the system's preference applies through the stylesheet.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [, rerender] = useState(0);
  const toggle = () => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    document.cookie = writeCookie(THEME_COOKIE, next, { maxAge: ONE_YEAR, path: '/', sameSite: 'lax' });
    rerender((n) => n + 1);
  };
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={toggle}
      data-testid="theme-toggle"
      aria-label={t('theme.toggle')}
    >
      <span aria-hidden="true" className="theme-toggle__icon" />
    </button>
  );
}

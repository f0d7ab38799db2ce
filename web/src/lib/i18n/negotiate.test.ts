import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  languageCookie,
  languageFromBrowser,
  preferredLanguages,
  splitLanguage,
  switchLanguagePath,
} from './negotiate.ts';

describe('language negotiation (SPEC 2 and 4)', () => {
  it('takes the cookie before anything else, on any path', () => {
    const inputs = { cookie: 'tr', acceptLanguage: 'de-DE,de;q=0.9' };
    expect(chooseLanguage('/', inputs)).toBe('tr');
    expect(chooseLanguage('/live-matches', inputs)).toBe('tr');
  });

  it('ignores a cookie that is not one of the ten languages', () => {
    expect(chooseLanguage('/', { cookie: 'xx', acceptLanguage: 'fr' })).toBe('fr');
  });

  it('redirects by browser language only from the root path', () => {
    expect(chooseLanguage('/', { cookie: null, acceptLanguage: 'nl-BE,nl;q=0.8' })).toBe('nl');
    expect(chooseLanguage('/fixtures-results', { cookie: null, acceptLanguage: 'nl' })).toBe('en');
  });

  it('prefers an exact match anywhere in the list to a base-language match', () => {
    expect(languageFromBrowser(preferredLanguages('pt-BR, es;q=0.5'))).toBe('es');
    expect(languageFromBrowser(preferredLanguages('pt-BR, ja;q=0.5'))).toBe('pt');
  });

  it('orders ranges by q-value and drops zero, wildcards and garbage', () => {
    expect(preferredLanguages('ru;q=0.2, it;q=0.9, *;q=0.1, de;q=0, !!')).toEqual(['it', 'ru']);
    expect(chooseLanguage('/', { cookie: undefined, acceptLanguage: 'ja, zh' })).toBe('en');
  });

  it('splits and switches the language prefix', () => {
    expect(splitLanguage('/de/team/7')).toEqual({ language: 'de', rest: '/team/7' });
    expect(splitLanguage('/de')).toEqual({ language: 'de', rest: '/' });
    expect(splitLanguage('/team/7')).toEqual({ language: null, rest: '/team/7' });
    expect(switchLanguagePath('/de/team/7', 'fr')).toBe('/fr/team/7');
    expect(switchLanguagePath('/de', 'es')).toBe('/es');
  });

  it('writes the cookie for 365 days on / with SameSite=Lax and reads it back', () => {
    expect(languageCookie('id')).toBe('i18n_redirected=id; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

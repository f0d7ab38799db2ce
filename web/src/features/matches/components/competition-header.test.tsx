import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { CompetitionRef } from '@pitchside/shared/domain';
import { createI18n } from '../../../lib/i18n/create-i18n.ts';
import common from '../../../locales/fr/common.json';
import matches from '../../../locales/fr/matches.json';
import { CompetitionHeader } from './competition-header.tsx';

const competition = (country: string | null): CompetitionRef => ({
  id: '2',
  name: 'UEFA Champions League',
  type: 'cup',
  country,
  season: 2026,
  logo: null,
});

/** The country line of the header, as a French visitor reads it. */
function countryLine(country: string | null): string {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={createI18n('fr', { common, matches })}>
      <CompetitionHeader competition={competition(country)} />
    </I18nextProvider>,
  );
  return /class="competition-header__country">([^<]*)</.exec(html)?.[1] ?? '';
}

describe('competition header', () => {
  it('calls a worldwide competition international in the visitor\'s language, never the provider\'s "World"', () => {
    expect(countryLine('World')).toBe('Monde');
    expect(countryLine(null)).toBe('Monde');
    expect(countryLine('England')).toBe('England');
  });
});

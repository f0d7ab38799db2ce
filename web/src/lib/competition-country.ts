/**
 * A competition's country as the provider names it, or null for a worldwide one (API-Football's country
 * "World", or none at all): the page then says "international" in the visitor's language, or nothing.
 */
export const namedCountry = (country: string | null): string | null =>
  country && !/^world$/i.test(country.trim()) ? country : null;

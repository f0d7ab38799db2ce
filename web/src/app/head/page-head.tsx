import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_NAME, SHARE_IMAGE } from '@pitchside/shared/constants';
import { scriptJson } from '@pitchside/shared/script-json';
import { useVisit } from '../../lib/visit.ts';
import { splitLanguage } from '../../lib/i18n/negotiate.ts';

interface PageHeadProps {
  /** The page's own title; the document title is "{title} | Pitchside". */
  title: string;
  description: string;
  /** Share image (absolute or site path); the site's 1200x628 card when absent. */
  image?: string | null;
  /** Pages that are not for search engines (account, payments, 404) say so. */
  noindex?: boolean;
  /** schema.org data for the page (e.g. a SportsEvent), as JSON-LD. */
  jsonLd?: object;
  /** The languages the page exists in (a guide): hreflang alternates for these only. Default: all ten. */
  languages?: readonly string[];
}

export const SHARE_IMAGE_PATH = '/share-card.png';

const OG_LOCALES: Record<string, string> = {
  en: 'en_GB',
  de: 'de_DE',
  es: 'es_ES',
  fr: 'fr_FR',
  id: 'id_ID',
  it: 'it_IT',
  nl: 'nl_NL',
  pt: 'pt_PT',
  ru: 'ru_RU',
  tr: 'tr_TR',
};

/**
 * The page head of SPEC section 1 and beyond: title, description, robots, Open Graph and Twitter cards,
 * canonical URL and hreflang alternates for the ten languages plus x-default. React 19 hoists these tags
 * into <head>, on the server (so crawlers and link previews see them without JavaScript) and on every
 * client-side navigation.
 */
export function PageHead({
  title,
  description,
  image,
  noindex = false,
  jsonLd,
  languages = LANGUAGES,
}: PageHeadProps) {
  const { i18n } = useTranslation();
  const { config } = useVisit();
  const location = useLocation();
  const base = config.publicBaseUrl.replace(/\/$/, '');
  const { rest } = splitLanguage(location.pathname);
  const pathFor = (language: string) => `${base}/${language}${rest === '/' ? '' : rest}`;
  const canonical = pathFor(i18n.language);
  const fullTitle = `${title} | ${PRODUCT_NAME}`;
  const imageUrl = absolute(image ?? SHARE_IMAGE_PATH, base);
  const robots = noindex ? 'noindex, follow' : 'index, follow';

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={robots} />
      <link rel="canonical" href={canonical} />
      {languages.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={pathFor(language)} />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={
          languages === LANGUAGES
            ? `${base}${rest}`
            : pathFor(
                languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (languages[0] ?? i18n.language),
              )
        }
      />
      <meta property="og:type" content={jsonLd ? 'article' : 'website'} />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:locale" content={OG_LOCALES[i18n.language] ?? 'en_GB'} />
      <meta property="og:url" content={canonical} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {jsonLd && (
        <script
          type="application/ld+json"
          // JSON-LD must be raw JSON, escaped as every data block is so the data cannot close the script.
          dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }}
        />
      )}
    </>
  );
}

const absolute = (url: string, base: string): string => (/^https?:\/\//.test(url) ? url : `${base}${url}`);

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@pitchside/shared/constants';
import { ContentPage } from '../../features/content/components/content-page.tsx';
import { WidgetEmbed } from '../../features/content/components/widget-embed.tsx';
import { useVisit } from '../boot.ts';
import { LANGUAGE_NAMES } from '../chrome/language-switcher.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { paths, useLocalPath } from '../paths.ts';

const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));
const livePath = (language: string): string => `/${language}${paths.liveMatches()}`;

/**
 * /widget (layout 'empty': no header or footer): how another site embeds the live list, with the snippet
 * to copy and a live preview. Self-contained, with one link back to the site.
 */
export function Component() {
  const { t } = useTranslation('content');
  const { lang = DEFAULT_LANGUAGE } = useParams();
  const { config } = useVisit();
  const to = useLocalPath();
  return (
    <div className="widget-page">
      <StaticPageHead page="widget" />
      <Link className="widget-page__back" to={to(paths.home())}>
        {t('widget.back')}
      </Link>
      <ContentPage title={t('widget.title')} lead={t('widget.lead')} to={to} supportEmail={SUPPORT_EMAIL}>
        <WidgetEmbed
          baseUrl={config.publicBaseUrl}
          livePath={livePath}
          languages={LANGUAGE_OPTIONS}
          initialLanguage={lang}
        />
      </ContentPage>
    </div>
  );
}

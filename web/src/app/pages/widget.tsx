import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@pitchside/shared/constants';
import { ContentPage } from '../../features/content/components/content-page.tsx';
import { fetchCompetitions } from '../../features/explore/api/explore-api.ts';
import { TeamPicker } from '../../features/explore/components/team-picker.tsx';
import { WidgetConfigurator } from '../../features/widget/components/widget-configurator.tsx';
import type { WidgetSettings } from '../../features/widget/widget-snippets.ts';
import { apiFrom } from '../../lib/api.ts';
import { useVisit } from '../../lib/visit.ts';
import { LANGUAGE_NAMES } from '../chrome/language-switcher.tsx';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { paths, useLocalPath } from '../paths.ts';

const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));

/** Where a script snippet's link leads with scripts off: the same scores on the site, in the widget's language. */
const fallbackPath = (settings: WidgetSettings): string => {
  const page =
    settings.scope === 'competition' && settings.id
      ? paths.league(settings.id)
      : settings.scope === 'team' && settings.id
        ? paths.team(settings.id)
        : paths.liveMatches();
  return `/${settings.lang}${page}`;
};

/** The competitions to offer, from the same REST read as the league list. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const competitions = await fetchCompetitions(apiFrom(context), request.signal);
  return { competitions: 'data' in competitions ? competitions.data : null };
}

/**
 * /widget (layout 'empty': no header or footer): the live-score widget's configurator, with the embed code
 * to copy and a live preview. Self-contained, with one link back to the site.
 */
export function Component() {
  const { competitions } = useLoaderData<typeof loader>();
  const supportEmail = useSupportEmail();
  const { t } = useTranslation('widget');
  const { lang = DEFAULT_LANGUAGE } = useParams();
  const { config } = useVisit();
  const to = useLocalPath();
  return (
    <div className="widget-page">
      <StaticPageHead page="widget" />
      <Link className="widget-page__back" to={to(paths.home())}>
        {t('back')}
      </Link>
      <ContentPage title={t('title')} lead={t('lead')} to={to} supportEmail={supportEmail}>
        <WidgetConfigurator
          baseUrl={config.publicBaseUrl}
          fallbackPath={fallbackPath}
          languages={LANGUAGE_OPTIONS}
          initialLanguage={lang}
          competitions={competitions}
          teamPicker={(value, onChange) => (
            <TeamPicker label={t('teamLabel')} value={value} onChange={onChange} testId="widget-team" />
          )}
        />
      </ContentPage>
    </div>
  );
}

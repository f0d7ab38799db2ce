import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import { fetchTvChannels } from '../../features/media/api/media-rest.ts';
import { TvGuide } from '../../features/media/components/tv-guide.tsx';
import { useContentRevalidation } from '../../features/media/hooks/use-content-revalidation.ts';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

export const loader = async ({ context, request }: LoaderFunctionArgs) => ({
  channels: await fetchTvChannels(request.signal, apiFrom(context)),
});

/**
 * /tv: the channels, each with what is on now and next in the visitor's time zone, its full schedule and
 * its live stream (premium: with a plan, else the paywall). Schedule changes show by themselves.
 */
export function Component() {
  const { channels } = useLoaderData<typeof loader>();
  const { t } = useTranslation('media');
  const to = useLocalPath();
  useContentRevalidation(contentTopics.tv);
  return (
    <section className="media-page" data-testid="tv-page">
      <StaticPageHead page="tv" />
      <div className="page-heading">
        <h1>{t('tv.title')}</h1>
      </div>
      <p className="page-lead">{t('tv.lead')}</p>
      {'error' in channels ? (
        <ListMessage tone="error" title={t('tv.error')} />
      ) : channels.data.length === 0 ? (
        <ListMessage title={t('tv.empty')} />
      ) : (
        <TvGuide
          channels={channels.data}
          pricingHref={to('/pricing')}
          signInHref={`${to('/login')}?redirect=${encodeURIComponent(to('/tv'))}`}
        />
      )}
    </section>
  );
}

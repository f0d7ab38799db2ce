import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchTvChannels } from '../../features/media/api/media-rest.ts';
import { TvGuide } from '../../features/media/components/tv-guide.tsx';
import { apiFrom } from '../../lib/api.ts';
import { MediaPage } from '../media-page.tsx';
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
  const to = useLocalPath();
  return (
    <MediaPage page="tv" catalogue="tv" testId="tv-page" items={channels}>
      {(list) => (
        <TvGuide
          channels={list}
          pricingHref={to('/pricing')}
          signInHref={`${to('/login')}?redirect=${encodeURIComponent(to('/tv'))}`}
        />
      )}
    </MediaPage>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contentTopics } from '@pitchside/shared/content';
import type { Ack } from '@pitchside/shared/protocol';
import { ListMessage } from '../features/matches/components/list-message.tsx';
import { useContentRevalidation } from '../lib/content-topics/use-content-revalidation.ts';
import { StaticPageHead } from './head/static-page-head.tsx';

/** A catalogue of the `media` namespace: its title, lead, empty and error messages, and its content topic. */
type Catalogue = 'highlights' | 'movies' | 'tv';

/**
 * The frame of the media catalogues (/highlight, /movies, /tv): the page's head, the catalogue's title
 * and lead, then its list, or what to say when it is empty or could not be read. The page follows the
 * catalogue's content topic, so operators' changes show on an open page by themselves.
 */
export function MediaPage<T>({
  page,
  catalogue,
  testId,
  items,
  children,
}: {
  page: 'highlight' | 'movies' | 'tv';
  catalogue: Catalogue;
  testId: string;
  items: Ack<T[]>;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('media');
  useContentRevalidation(contentTopics[catalogue]);
  return (
    <section className="media-page" data-testid={testId}>
      <StaticPageHead page={page} />
      <div className="page-heading">
        <h1>{t(`${catalogue}.title`)}</h1>
      </div>
      <p className="page-lead">{t(`${catalogue}.lead`)}</p>
      {'error' in items ? (
        <ListMessage tone="error" title={t(`${catalogue}.error`)} />
      ) : items.data.length === 0 ? (
        <ListMessage title={t(`${catalogue}.empty`)} />
      ) : (
        children(items.data)
      )}
    </section>
  );
}

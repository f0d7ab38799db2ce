import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_SPORT, type NewsItem } from '@pitchside/shared/domain';
import { LazyImage } from '../../../components/lazy-media.tsx';
import { useFormat } from '../../../lib/format.ts';
import '../matches.css';
import { SportIcon, useSportName } from './sport-icon.tsx';

interface NewsListProps {
  items: readonly NewsItem[];
  /** A story about one match also links to its page. */
  matchHref: (matchId: string) => string;
}

/**
 * The latest stories of the match feed as cards. Pictures load lazily (SPEC 9's classes) and the headline
 * leads to the article on its own site. Memoised: a page's live scores move without touching it.
 */
export const NewsList = memo(function NewsList({ items, matchHref }: NewsListProps) {
  const { t } = useTranslation('matches');
  const format = useFormat();
  const sportName = useSportName();
  return (
    <ul className="news-list">
      {items.map((item) => (
        <li
          className="news-card"
          key={item.id}
          data-testid="news-item"
          data-kind={item.kind}
          data-sport={item.sport}
        >
          <div className="news-card__media">
            {item.image ? (
              <LazyImage className="news-card__image" src={item.image} alt="" width={320} height={180} />
            ) : (
              <span className="news-card__image news-card__image--none" aria-hidden="true" />
            )}
          </div>
          <div className="news-card__body">
            <span className="news-card__meta">
              {/* As the hot matches do: football is the default, another sport says which it is. */}
              {item.sport !== DEFAULT_SPORT && <SportIcon sport={item.sport} label={sportName(item.sport)} />}
              <span className={`news-card__kind news-card__kind--${item.kind}`}>
                {t(`news.kind.${item.kind}`)}
              </span>
              <time dateTime={item.publishedAt}>{format.date(item.publishedAt, 'dateTime')}</time>
            </span>
            <h3 className="news-card__title">
              <a href={item.link} rel="noopener noreferrer" target="_blank">
                {item.title}
                <span className="visually-hidden" data-testid="news-opens-on">
                  {' '}
                  {t('news.external', { source: item.source })}
                </span>
              </a>
            </h3>
            {item.summary && <p className="news-card__summary">{item.summary}</p>}
            {item.matchId && (
              <Link className="news-card__match" to={matchHref(item.matchId)}>
                {t('news.match')}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
});

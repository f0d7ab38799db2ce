import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Guide } from '@pitchside/shared/content';
import { useFormat } from '../../../lib/format.ts';
import { RenderedHtml } from './rendered-html.tsx';
import '../../../components/prose.css';
import '../media.css';

export interface GuideArticleProps {
  guide: Guide;
  backHref: string;
  /** The same guide in another language. */
  languageHref: (language: string) => string;
  /** A language in its own name ('Deutsch'). */
  languageName: (language: string) => string;
}

/** A guide: its title, the date of the last update, the rendered body, and its other languages. */
export function GuideArticle({ guide, backHref, languageHref, languageName }: GuideArticleProps) {
  const { t } = useTranslation('media');
  const format = useFormat();
  const others = guide.languages.filter((language) => language !== guide.language);
  return (
    <article className="content-page guide-article" data-testid="guide-article" data-slug={guide.slug}>
      <header className="page-heading content-page__heading">
        <p className="guide-article__back">
          <Link to={backHref}>{t('guides.back')}</Link>
        </p>
        <h1>{guide.title}</h1>
      </header>
      <div className="prose">
        {guide.summary && <p className="prose__lead">{guide.summary}</p>}
        <p className="guide-list__meta">
          {t('guides.updated')} <time dateTime={guide.updatedAt}>{format.date(guide.updatedAt, 'date')}</time>
        </p>
        <RenderedHtml html={guide.bodyHtml} testId="guide-body" />
        {others.length > 0 && (
          <nav className="guide-article__languages" aria-label={t('guides.otherLanguages')}>
            <p>
              {t('guides.otherLanguages')}:{' '}
              {others.map((language, i) => (
                <span key={language}>
                  {i > 0 && ', '}
                  <a href={languageHref(language)} hrefLang={language} lang={language}>
                    {languageName(language)}
                  </a>
                </span>
              ))}
            </p>
          </nav>
        )}
      </div>
    </article>
  );
}

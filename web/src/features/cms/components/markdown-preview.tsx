import { useTranslation } from 'react-i18next';

/**
 * The preview beside a markdown editor. Until the text is saved it is shown as plain text (the site never
 * renders markdown in the browser); once saved, the server's own rendering (`bodyHtml`), which is inert
 * by contract (shared/src/content: no raw HTML, no scripts or event handlers, safe link schemes only),
 * exactly as visitors get it.
 */
export function MarkdownPreview({ text, html }: { text: string; html: string | null }) {
  const { t } = useTranslation('cms');
  return (
    <section className="cms-preview" aria-label={t('preview.title')} data-testid="cms-preview">
      <h4>{t('preview.title')}</h4>
      {html !== null ? (
        <>
          <p className="auth-form__hint">{t('preview.rendered')}</p>
          <div className="prose" data-testid="cms-preview-html" dangerouslySetInnerHTML={{ __html: html }} />
        </>
      ) : (
        <>
          <p className="auth-form__hint">{t('preview.plain')}</p>
          <pre className="cms-preview__plain" data-testid="cms-preview-plain">
            {text}
          </pre>
        </>
      )}
    </section>
  );
}

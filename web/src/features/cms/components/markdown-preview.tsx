import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bound } from '../hooks/use-cms-form.ts';
import { TextAreaField } from './cms-fields.tsx';

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

/** The markdown body of a guide or a page text. */
export function MarkdownField(props: Bound<string>) {
  const { t } = useTranslation('cms');
  return (
    <TextAreaField
      label={t('fields.body')}
      rows={14}
      className="cms-markdown"
      hint={t('fields.markdownHint')}
      {...props}
    />
  );
}

/**
 * The server's rendering of the text last saved, for the preview while the text is unchanged since:
 * `remember(text, html)` after a save (null: nothing rendered, e.g. a draft), `htmlOf(text)` to show it.
 */
export function useSavedRendering() {
  const [saved, setSaved] = useState<{ text: string; html: string } | null>(null);
  return {
    htmlOf: (text: string) => (saved && saved.text === text ? saved.html : null),
    remember: (text: string, html: string | null) => setSaved(html === null ? null : { text, html }),
  };
}

import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGuide } from '@pitchside/shared/content';
import type { Language } from '@pitchside/shared/constants';
import { useVisit } from '../../../app/boot.ts';
import { formatDate } from '../../../lib/format.ts';
import { deleteGuide, getPublicGuide, listGuides, putGuide } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { CheckField, FormFooter, TextAreaField, TextField } from './cms-fields.tsx';
import { LanguageField } from './language-field.tsx';
import { MarkdownPreview } from './markdown-preview.tsx';

const FIELDS = ['lang', 'slug', 'title', 'summary', 'body', 'published'];

/**
 * Guides, one language at a time: the list with publish/unpublish, and a markdown editor whose preview
 * shows the server's rendering once saved (PUT /api/admin/content/guides/:lang/:slug).
 */
export function GuidesEditor({ initialLanguage }: { initialLanguage: Language }) {
  const { t, i18n } = useTranslation('cms');
  const { timeZone } = useVisit();
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const load = useCallback(() => listGuides(language), [language]);
  const list = useCmsList(load);
  const toggle = useCmsAction();

  const setPublished = (guide: AdminGuide, published: boolean) =>
    void toggle
      .run(
        () =>
          putGuide(guide.language, guide.slug, {
            title: guide.title,
            summary: guide.summary,
            body: guide.body,
            published,
          }).then(() => {}),
        published
          ? t('guides.publishedNotice', { name: guide.title })
          : t('guides.unpublishedNotice', { name: guide.title }),
      )
      .then((ok) => ok && list.reload());

  return (
    <>
      <div className="cms-toolbar">
        <LanguageField value={language} onValue={setLanguage} name="guides-language" />
      </div>
      {toggle.error && (
        <p className="auth-form__message" role="alert">
          {toggle.error.message}
        </p>
      )}
      <CatalogueSection<AdminGuide>
        key={language}
        list={list}
        testId="cms-guides"
        keyOf={(g) => g.slug}
        nameOf={(g) => g.title}
        columns={[
          { header: t('fields.title'), cell: (g) => g.title },
          { header: t('fields.slug'), cell: (g) => <code>{g.slug}</code> },
          {
            header: t('fields.published'),
            cell: (g) => (
              <span className="cms-row-actions">
                <span data-testid="cms-guide-state">
                  {g.published ? t('guides.isPublished') : t('guides.isDraft')}
                </span>
                <button
                  type="button"
                  className="auth-button"
                  disabled={toggle.saving}
                  onClick={() => setPublished(g, !g.published)}
                  data-testid="cms-publish-toggle"
                >
                  {g.published ? t('guides.unpublish') : t('guides.publish')}
                  <span className="visually-hidden"> {g.title}</span>
                </button>
              </span>
            ),
          },
          {
            header: t('fields.updatedAt'),
            cell: (g) => formatDate(g.updatedAt, 'dateTime', i18n.language, timeZone),
          },
        ]}
        newLabel={t('guides.new')}
        newTitle={t('guides.new')}
        editTitle={(g) => t('guides.edit', { name: g.title })}
        remove={(g) => deleteGuide(g.language, g.slug)}
        removed={t('guides.deleted')}
        renderForm={(props) => <GuideForm {...props} language={language} />}
      />
    </>
  );
}

function GuideForm({ item, onSaved, language }: FormProps<AdminGuide> & { language: Language }) {
  const { t } = useTranslation('cms');
  const action = useCmsAction(FIELDS);
  const [slug, setSlug] = useState(item?.slug ?? '');
  const [title, setTitle] = useState(item?.title ?? '');
  const [summary, setSummary] = useState(item?.summary ?? '');
  const [body, setBody] = useState(item?.body ?? '');
  const [published, setPublished] = useState(item?.published ?? true);
  /** The server's rendering of what was last saved, while the text is unchanged since. */
  const [rendered, setRendered] = useState<{ body: string; html: string } | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = slug.trim();
    const saved = body;
    void action
      .run(async () => {
        await putGuide(language, key, { title, summary, body: saved, published });
        // A draft has no public rendering: its preview stays plain text.
        if (published) {
          const guide = await getPublicGuide(language, key).catch(() => null);
          setRendered(guide ? { body: saved, html: guide.bodyHtml } : null);
        } else setRendered(null);
      }, t('guides.saved'))
      .then((ok) => ok && onSaved(key));
  };

  return (
    <div className="cms-split">
      <form className="auth-form" onSubmit={save} noValidate>
        <TextField
          label={t('fields.slug')}
          name="slug"
          value={slug}
          onValue={setSlug}
          readOnly={!!item}
          hint={t('fields.slugHint')}
          error={action.fieldError('slug')}
        />
        <TextField
          label={t('fields.title')}
          name="title"
          value={title}
          onValue={setTitle}
          error={action.fieldError('title')}
        />
        <TextAreaField
          label={t('fields.summary')}
          name="summary"
          value={summary}
          onValue={setSummary}
          rows={2}
          error={action.fieldError('summary')}
        />
        <TextAreaField
          label={t('fields.body')}
          name="body"
          value={body}
          onValue={setBody}
          rows={14}
          className="cms-markdown"
          hint={t('fields.markdownHint')}
          error={action.fieldError('body')}
        />
        <CheckField
          label={t('fields.publishedLabel')}
          name="published"
          checked={published}
          onChecked={setPublished}
          error={action.fieldError('published')}
        />
        <FormFooter action={action} submitLabel={t('actions.save')} shownFields={FIELDS} />
      </form>
      <MarkdownPreview text={body} html={rendered && rendered.body === body ? rendered.html : null} />
    </div>
  );
}

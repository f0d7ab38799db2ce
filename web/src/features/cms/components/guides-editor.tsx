import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGuide } from '@pitchside/shared/content';
import type { Language } from '@pitchside/shared/constants';
import { useVisit } from '../../../lib/visit.ts';
import { formatDate } from '../../../lib/format.ts';
import { deleteGuide, getPublicGuide, listGuides, putGuide } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { CheckField, KeyField, TextAreaField, TextField } from './cms-fields.tsx';
import { ActionOutcome, EditorForm } from './editor-form.tsx';
import { LanguageField } from './language-field.tsx';
import { MarkdownField, MarkdownPreview, useSavedRendering } from './markdown-preview.tsx';

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
    void toggle.run(
      () =>
        putGuide(guide.language, guide.slug, {
          title: guide.title,
          summary: guide.summary,
          body: guide.body,
          published,
        }),
      published
        ? t('guides.publishedNotice', { name: guide.title })
        : t('guides.unpublishedNotice', { name: guide.title }),
      list.reload,
    );

  return (
    <>
      <div className="cms-toolbar">
        <LanguageField value={language} onValue={setLanguage} name="guides-language" />
      </div>
      <ActionOutcome action={toggle} />
      <CatalogueSection<AdminGuide>
        key={language}
        catalogue="guides"
        list={list}
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
        remove={(g) => deleteGuide(g.language, g.slug)}
        renderForm={(props) => <GuideForm {...props} language={language} />}
      />
    </>
  );
}

function GuideForm({ item, onSaved, language }: FormProps<AdminGuide> & { language: Language }) {
  const { t } = useTranslation('cms');
  const form = useCmsForm(
    {
      slug: item?.slug ?? '',
      title: item?.title ?? '',
      summary: item?.summary ?? '',
      body: item?.body ?? '',
      published: item?.published ?? true,
    },
    FIELDS,
  );
  const v = form.values;
  const key = v.slug.trim();
  const rendering = useSavedRendering();

  const save = async () => {
    const { title, summary, body, published } = v;
    await putGuide(language, key, { title, summary, body, published });
    // A draft has no public rendering: its preview stays plain text.
    const guide = published ? await getPublicGuide(language, key).catch(() => null) : null;
    rendering.remember(body, guide?.bodyHtml ?? null);
  };

  return (
    <div className="cms-split">
      <EditorForm form={form} save={save} saved={t('guides.saved')} onDone={() => onSaved(key)}>
        <KeyField label={t('fields.slug')} locked={!!item} {...form.field('slug')} />
        <TextField label={t('fields.title')} {...form.field('title')} />
        <TextAreaField label={t('fields.summary')} rows={2} {...form.field('summary')} />
        <MarkdownField {...form.field('body')} />
        <CheckField label={t('fields.publishedLabel')} {...form.check('published')} />
      </EditorForm>
      <MarkdownPreview text={v.body} html={rendering.htmlOf(v.body)} />
    </div>
  );
}

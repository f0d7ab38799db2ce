import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATIC_PAGES, type AdminPageText, type StaticPage } from '@pitchside/shared/content';
import type { Language } from '@pitchside/shared/constants';
import { useVisit } from '../../../lib/visit.ts';
import { formatDate } from '../../../lib/format.ts';
import { deletePageText, getPublicPageText, listPageTexts, putPageText } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { SelectField, TextField } from './cms-fields.tsx';
import { ConfirmedAction } from './confirm-button.tsx';
import { ActionOutcome, EditorForm } from './editor-form.tsx';
import { EditorTable } from './editor-table.tsx';
import { LanguageField, useLanguageOptions } from './language-field.tsx';
import { MarkdownField, MarkdownPreview, useSavedRendering } from './markdown-preview.tsx';
import { SectionState } from './section-state.tsx';

const FIELDS = ['page', 'lang', 'title', 'body'];

/**
 * The static pages' texts (about us, terms, privacy...) per language. Without an override a page shows the
 * website's built-in text; saving one replaces it for that language, "Reset" deletes the override.
 */
export function PageTextsEditor({ initialLanguage }: { initialLanguage: Language }) {
  const { t, i18n } = useTranslation('cms');
  const { timeZone } = useVisit();
  const list = useCmsList(listPageTexts);
  const languages = useLanguageOptions();
  const [page, setPage] = useState<StaticPage>('about-us');
  const [language, setLanguage] = useState<Language>(initialLanguage);
  if (!list.items) return <SectionState list={list} />;
  const override = list.items.find((p) => p.page === page && p.language === language) ?? null;
  const languageName = (code: string) => languages.find((l) => l.value === code)?.label ?? code;

  return (
    <div className="cms-columns">
      <div className="cms-card">
        <div className="cms-toolbar">
          <SelectField
            label={t('fields.page')}
            name="pick-page"
            value={page}
            onValue={setPage}
            options={STATIC_PAGES.map((value) => ({ value, label: t(`staticPages.${value}`) }))}
          />
          <LanguageField value={language} onValue={setLanguage} name="pick-lang" />
        </div>
        <PageTextForm
          key={`${page}:${language}`}
          page={page}
          language={language}
          override={override}
          onChanged={list.reload}
        />
      </div>
      <section className="cms-card" aria-labelledby="cms-overrides">
        <h3 id="cms-overrides">{t('pages.overrides')}</h3>
        {list.items.length === 0 ? (
          <p className="cms-muted">{t('pages.noOverrides')}</p>
        ) : (
          <EditorTable
            rows={list.items}
            keyOf={(text) => `${text.page}:${text.language}`}
            columns={[
              { header: t('fields.page'), cell: (text) => t(`staticPages.${text.page}`) },
              { header: t('fields.language'), cell: (text) => languageName(text.language) },
              {
                header: t('fields.updatedAt'),
                cell: (text) => formatDate(text.updatedAt, 'dateTime', i18n.language, timeZone),
              },
            ]}
            actions={(text) => (
              <button
                type="button"
                className="auth-button"
                onClick={() => {
                  setPage(text.page);
                  setLanguage(text.language);
                }}
              >
                {t('actions.edit')}
              </button>
            )}
          />
        )}
      </section>
    </div>
  );
}

function PageTextForm({
  page,
  language,
  override,
  onChanged,
}: {
  page: StaticPage;
  language: Language;
  override: AdminPageText | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation('cms');
  const form = useCmsForm({ title: override?.title ?? '', body: override?.body ?? '' }, FIELDS);
  const v = form.values;
  const reset = useCmsAction();
  const rendering = useSavedRendering();
  const name = t(`staticPages.${page}`);

  const save = async () => {
    const { title, body } = v;
    await putPageText(page, language, { title, body });
    const text = await getPublicPageText(page, language).catch(() => null);
    rendering.remember(body, text?.bodyHtml ?? null);
  };

  return (
    <div className="cms-split">
      <EditorForm
        form={form}
        save={save}
        saved={t('pages.saved', { name })}
        onDone={onChanged}
        aria-label={t('pages.editing', { name })}
        buttons={
          override && (
            <ConfirmedAction
              label={t('pages.reset')}
              question={t('pages.resetQuestion', { name })}
              confirmLabel={t('pages.resetConfirm')}
              action={reset}
              testId="cms-reset"
              task={() => deletePageText(page, language)}
              success={t('pages.resetDone', { name })}
              onDone={() => {
                form.change({ title: '', body: '' });
                rendering.remember('', null);
                onChanged();
              }}
            />
          )
        }
        below={<ActionOutcome action={reset} showNotice={!override} />}
      >
        <p role="status" className="cms-muted" data-testid="cms-page-state">
          {override ? t('pages.overridden') : t('pages.builtIn')}
        </p>
        <TextField label={t('fields.title')} {...form.field('title')} />
        <MarkdownField {...form.field('body')} />
      </EditorForm>
      <MarkdownPreview text={v.body} html={rendering.htmlOf(v.body)} />
    </div>
  );
}

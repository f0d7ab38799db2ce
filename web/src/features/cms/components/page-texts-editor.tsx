import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STATIC_PAGES, type AdminPageText, type StaticPage } from '@pitchside/shared/content';
import type { Language } from '@pitchside/shared/constants';
import { useVisit } from '../../../app/boot.ts';
import { formatDate } from '../../../lib/format.ts';
import { deletePageText, getPublicPageText, listPageTexts, putPageText } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { FormFooter, SelectField, TextAreaField, TextField } from './cms-fields.tsx';
import { ConfirmButton } from './confirm-button.tsx';
import { LanguageField, useLanguageOptions } from './language-field.tsx';
import { MarkdownPreview } from './markdown-preview.tsx';
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
          <table className="cms-table">
            <thead>
              <tr>
                <th scope="col">{t('fields.page')}</th>
                <th scope="col">{t('fields.language')}</th>
                <th scope="col">{t('fields.updatedAt')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((text) => (
                <tr key={`${text.page}:${text.language}`}>
                  <td>{t(`staticPages.${text.page}`)}</td>
                  <td>{languageName(text.language)}</td>
                  <td>{formatDate(text.updatedAt, 'dateTime', i18n.language, timeZone)}</td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
  const action = useCmsAction(FIELDS);
  const reset = useCmsAction();
  const [title, setTitle] = useState(override?.title ?? '');
  const [body, setBody] = useState(override?.body ?? '');
  const [rendered, setRendered] = useState<{ body: string; html: string } | null>(null);
  const name = t(`staticPages.${page}`);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const saved = body;
    void action
      .run(
        async () => {
          await putPageText(page, language, { title, body: saved });
          const text = await getPublicPageText(page, language).catch(() => null);
          setRendered(text ? { body: saved, html: text.bodyHtml } : null);
        },
        t('pages.saved', { name }),
      )
      .then((ok) => ok && onChanged());
  };

  return (
    <div className="cms-split">
      <form className="auth-form" onSubmit={save} noValidate aria-label={t('pages.editing', { name })}>
        <p role="status" className="cms-muted" data-testid="cms-page-state">
          {override ? t('pages.overridden') : t('pages.builtIn')}
        </p>
        <TextField
          label={t('fields.title')}
          name="title"
          value={title}
          onValue={setTitle}
          error={action.fieldError('title')}
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
        <FormFooter action={action} submitLabel={t('actions.save')} shownFields={FIELDS}>
          {override && (
            <ConfirmButton
              label={t('pages.reset')}
              question={t('pages.resetQuestion', { name })}
              confirmLabel={t('pages.resetConfirm')}
              disabled={reset.saving}
              testId="cms-reset"
              onConfirm={() =>
                void reset
                  .run(() => deletePageText(page, language), t('pages.resetDone', { name }))
                  .then((ok) => {
                    if (!ok) return;
                    setTitle('');
                    setBody('');
                    setRendered(null);
                    onChanged();
                  })
              }
            />
          )}
        </FormFooter>
        {reset.error && (
          <p className="auth-form__message" role="alert">
            {reset.error.message}
          </p>
        )}
        {reset.notice && !override && (
          <p className="auth-notice cms-notice" role="status">
            {reset.notice}
          </p>
        )}
      </form>
      <MarkdownPreview text={body} html={rendered && rendered.body === body ? rendered.html : null} />
    </div>
  );
}

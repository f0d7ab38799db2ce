import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import type { CmsList } from '../hooks/use-cms-list.ts';
import { ConfirmedAction } from './confirm-button.tsx';
import { ActionOutcome } from './editor-form.tsx';
import { EditorTable, type Column } from './editor-table.tsx';
import { SectionState } from './section-state.tsx';

/** What a section's form is given: the item to edit (null: a new one) and what to call once saved. */
export interface FormProps<T> {
  item: T | null;
  /** After a successful save: the list is reloaded, and the form goes on editing what it saved. */
  onSaved: (key: string) => void;
}

/** The catalogue sections, each named by its group of texts in the `cms` namespace (`movies.new`...). */
export type Catalogue = 'highlights' | 'movies' | 'tv' | 'guides' | 'plans' | 'deals';

/**
 * The shape every catalogue section of the CMS shares (highlights, movies, TV channels, guides, plans,
 * deals): a table of what exists with Edit and Delete (asked twice), a "New" button, and the form below
 * the table, which keeps showing what was just saved with its success notice. Its texts are its group's
 * (`{catalogue}.new`, `.edit`, `.deleted`, or "Retire" and `.retiredNotice` for plans and deals),
 * its test id `cms-{catalogue}`.
 */
export function CatalogueSection<T>({
  catalogue,
  list,
  keyOf,
  nameOf,
  columns,
  remove,
  canRemove,
  renderForm,
}: {
  catalogue: Catalogue;
  list: CmsList<T[]>;
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  columns: Column<T>[];
  remove: (item: T) => Promise<unknown>;
  canRemove?: (item: T) => boolean;
  renderForm: (props: FormProps<T>) => ReactNode;
}) {
  const { t } = useTranslation('cms');
  const testId = `cms-${catalogue}`;
  const newLabel = t(`${catalogue}.new`);
  const editTitle = (item: T) => t(`${catalogue}.edit`, { name: nameOf(item) });
  // Plans and deals are retired (orders keep pointing at them), never deleted.
  const [verb, removed] =
    catalogue === 'plans' || catalogue === 'deals'
      ? [t('actions.retire'), t(`${catalogue}.retiredNotice`)]
      : [t('actions.delete'), t(`${catalogue}.deleted`)];
  const removal = useCmsAction();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  // A new form (fresh fields) only when the operator opens one; a save keeps the form and its notice.
  const [formKey, setFormKey] = useState(0);
  const open = (key: string | 'new') => {
    setEditing(key);
    setFormKey((k) => k + 1);
  };
  const formRef = useRef<HTMLDivElement>(null);
  const items = list.items;
  const item = editing && editing !== 'new' ? (items?.find((i) => keyOf(i) === editing) ?? null) : null;

  // Opening a form takes the keyboard user there.
  useEffect(() => {
    if (formKey > 0) formRef.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [formKey]);

  if (!items) return <SectionState list={list} />;
  return (
    <div className="cms-catalogue" data-testid={testId}>
      <div className="cms-actions">
        <button
          type="button"
          className="auth-button auth-button--primary"
          onClick={() => open('new')}
          data-testid="cms-new"
        >
          {newLabel}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="cms-muted">{t('common.empty')}</p>
      ) : (
        <div className="cms-table-wrap">
          <EditorTable
            rows={items}
            keyOf={keyOf}
            columns={columns}
            testId="cms-table"
            actionsClassName="cms-row-actions"
            actions={(row) => (
              <>
                <button
                  type="button"
                  className="auth-button"
                  onClick={() => open(keyOf(row))}
                  data-testid="cms-edit"
                >
                  {t('actions.edit')}
                  <span className="visually-hidden"> {nameOf(row)}</span>
                </button>
                {(canRemove?.(row) ?? true) && (
                  <ConfirmedAction
                    label={verb}
                    question={t('actions.removeQuestion', { verb, name: nameOf(row) })}
                    confirmLabel={t('actions.removeConfirm', { verb })}
                    action={removal}
                    testId="cms-delete"
                    task={() => remove(row)}
                    success={removed}
                    onDone={() => {
                      if (editing === keyOf(row)) setEditing(null);
                      list.reload();
                    }}
                  />
                )}
              </>
            )}
          />
        </div>
      )}
      <ActionOutcome action={removal} showNotice={!editing} />
      {editing && (
        <div className="cms-card cms-editor" ref={formRef} data-testid="cms-editor">
          <div className="cms-editor__head">
            <h3 tabIndex={-1}>{item ? editTitle(item) : newLabel}</h3>
            <button type="button" className="auth-button" onClick={() => setEditing(null)}>
              {t('actions.close')}
            </button>
          </div>
          <Fragment key={formKey}>
            {renderForm({
              item,
              onSaved: (key) => {
                setEditing(key);
                list.reload();
              },
            })}
          </Fragment>
        </div>
      )}
    </div>
  );
}

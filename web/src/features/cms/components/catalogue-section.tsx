import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import type { CmsList } from '../hooks/use-cms-list.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { SectionState } from './section-state.tsx';

export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

/** What a section's form is given: the item to edit (null: a new one) and what to call once saved. */
export interface FormProps<T> {
  item: T | null;
  /** After a successful save: the list is reloaded, and the form goes on editing what it saved. */
  onSaved: (key: string) => void;
}

/**
 * The shape every catalogue section of the CMS shares (highlights, movies, TV channels, guides, plans,
 * deals): a table of what exists with Edit and Delete (asked twice), a "New" button, and the form below
 * the table, which keeps showing what was just saved with its success notice.
 */
export function CatalogueSection<T>({
  list,
  keyOf,
  nameOf,
  columns,
  newLabel,
  editTitle,
  newTitle,
  remove,
  removeLabel,
  removed,
  canRemove,
  renderForm,
  testId,
}: {
  list: CmsList<T[]>;
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  columns: Column<T>[];
  newLabel: string;
  editTitle: (item: T) => string;
  newTitle: string;
  remove: (item: T) => Promise<void>;
  /** "Delete" unless said otherwise ("Retire" for plans and deals). */
  removeLabel?: string;
  removed: string;
  canRemove?: (item: T) => boolean;
  renderForm: (props: FormProps<T>) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('cms');
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
  const verb = removeLabel ?? t('actions.delete');

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
          <table className="cms-table" data-testid="cms-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th scope="col" key={column.header}>
                    {column.header}
                  </th>
                ))}
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <tr key={keyOf(row)} data-id={keyOf(row)}>
                  {columns.map((column) => (
                    <td key={column.header}>{column.cell(row)}</td>
                  ))}
                  <td className="cms-row-actions">
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
                      <ConfirmButton
                        label={verb}
                        question={t('actions.removeQuestion', { verb, name: nameOf(row) })}
                        confirmLabel={t('actions.removeConfirm', { verb })}
                        disabled={removal.saving}
                        testId="cms-delete"
                        onConfirm={() =>
                          void removal
                            .run(() => remove(row), removed)
                            .then((ok) => {
                              if (!ok) return;
                              if (editing === keyOf(row)) setEditing(null);
                              list.reload();
                            })
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {removal.error && (
        <p className="auth-form__message" role="alert">
          {removal.error.message}
        </p>
      )}
      {removal.notice && !editing && (
        <p className="auth-notice cms-notice" role="status">
          {removal.notice}
        </p>
      )}
      {editing && (
        <div className="cms-card cms-editor" ref={formRef} data-testid="cms-editor">
          <div className="cms-editor__head">
            <h3 tabIndex={-1}>{item ? editTitle(item) : newTitle}</h3>
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

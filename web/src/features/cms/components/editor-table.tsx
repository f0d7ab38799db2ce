import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One column of an EditorTable: its header and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

/**
 * The table of what a CMS section holds: a header per column, then "Actions" (edit, delete...) per row.
 * Each row carries its key as `data-id`.
 */
export function EditorTable<T>({
  rows,
  keyOf,
  columns,
  actions,
  actionsClassName,
  testId,
}: {
  rows: readonly T[];
  keyOf: (item: T) => string;
  columns: readonly Column<T>[];
  actions: (item: T) => ReactNode;
  actionsClassName?: string;
  testId?: string;
}) {
  const { t } = useTranslation('cms');
  return (
    <table className="cms-table" data-testid={testId}>
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
        {rows.map((row) => (
          <tr key={keyOf(row)} data-id={keyOf(row)}>
            {columns.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
            <td className={actionsClassName}>{actions(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

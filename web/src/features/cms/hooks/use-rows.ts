/**
 * A list of rows edited in place inside a CMS form (a TV channel's programmes, a plan's prices): add,
 * change and remove with keys that stay stable while rows go, each row's field bound to its request path
 * (`schedule.1.startsAt`), and every path of the list for the form's errors.
 */
import { useState } from 'react';
import type { CmsAction } from './use-cms-action.ts';
import type { Bound } from './use-cms-form.ts';

/** A row with React's key. */
export type Keyed<R> = R & { key: number };

let lastKey = 0;
const keyed = <R extends object>(row: R): Keyed<R> => ({ ...row, key: ++lastKey });

type StringKeys<R> = { [K in keyof R]: R[K] extends string ? K : never }[keyof R] & string;

export function useRows<R extends object>(list: string, initial: () => R[]) {
  const [rows, setRows] = useState<Keyed<R>[]>(() => initial().map(keyed));
  const update = (key: number, change: Partial<R>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return {
    rows,
    add: (row: R) => setRows((current) => [...current, keyed(row)]),
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
    /** The list's own path, each row's and each of its fields'. */
    paths: (fields: readonly StringKeys<R>[]) => [
      list,
      ...rows.flatMap((_, i) => [`${list}.${i}`, ...fields.map((field) => `${list}.${i}.${field}`)]),
    ],
    field: <K extends StringKeys<R>>(action: CmsAction, index: number, name: K): Bound<string> => {
      const row = rows[index]!;
      const path = `${list}.${index}.${name}`;
      return {
        name: path,
        value: row[name] as string,
        onValue: (value) => update(row.key, { [name]: value } as Partial<R>),
        error: action.fieldError(path),
      };
    },
  };
}

/**
 * The state of one CMS form: its values by request path ('title', 'video.url'...), and each field bound to
 * its value, its setter and the server's error for that path, ready to spread onto a TextField,
 * SelectField or CheckField. The save itself (busy, error by field, notice) is the form's CmsAction.
 */
import { useState } from 'react';
import { useCmsAction, type CmsAction } from './use-cms-action.ts';

/** The names of V whose values are of type T. */
type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/** What a control needs to edit one value and show its error. */
export interface Bound<T, K extends string = string> {
  name: K;
  value: T;
  onValue: (value: T) => void;
  error: string | undefined;
}

export interface CmsForm<V extends object> {
  action: CmsAction;
  /** The paths the form has fields for: their errors show under them, any other in the form's message. */
  fields: readonly string[];
  values: V;
  /** Sets some values at once (clearing a form after it added something). */
  change(patch: Partial<V>): void;
  field<K extends KeysOf<V, string>>(name: K): Bound<V[K], K>;
  check<K extends KeysOf<V, boolean>>(
    name: K,
  ): { name: K; checked: boolean; onChecked: (checked: boolean) => void; error: string | undefined };
}

export function useCmsForm<V extends object>(initial: V | (() => V), fields: readonly string[]): CmsForm<V> {
  const action = useCmsAction(fields);
  const [values, setValues] = useState<V>(initial);
  const change = (patch: Partial<V>) => setValues((current) => ({ ...current, ...patch }));
  const set = <K extends keyof V>(name: K, value: V[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  return {
    action,
    fields,
    values,
    change,
    field: (name) => ({
      name,
      value: values[name],
      onValue: (value) => set(name, value),
      error: action.fieldError(name),
    }),
    check: (name) => ({
      name,
      checked: values[name] as boolean,
      onChecked: (checked) => set(name, checked as V[typeof name]),
      error: action.fieldError(name),
    }),
  };
}

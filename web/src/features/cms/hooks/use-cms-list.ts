import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCmsError, type Translate } from '../utils/describe-cms-error.ts';

export interface CmsList<T> {
  /** Null until the first answer. */
  items: T | null;
  /** Why the last load failed, in the operator's language (403 included: "this account may not do this"). */
  error: string | null;
  /** The code of that failure (auth:forbidden shows the admins-only notice). */
  code: string | null;
  reload(): void;
}

/** Loads what a CMS section lists, again on `reload()` (after each change) and whenever `load` changes. */
export function useCmsList<T>(load: (() => Promise<T>) | null): CmsList<T> {
  const { t } = useTranslation('cms');
  const [items, setItems] = useState<T | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!load) {
      setItems(null);
      return;
    }
    let current = true;
    load()
      .then((loaded) => {
        if (!current) return;
        setItems(loaded);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (current) setError(describeCmsError(t as unknown as Translate, failure));
      });
    return () => {
      current = false;
    };
  }, [load, round, t]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { items, error: error?.message ?? null, code: error?.code ?? null, reload };
}

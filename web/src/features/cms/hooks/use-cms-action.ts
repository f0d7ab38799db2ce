import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../stores/toast-store.ts';
import { describeCmsError, type CmsError, type Translate } from '../utils/describe-cms-error.ts';

export interface CmsAction {
  /** A call is under way: the form's submit button is disabled and says so. */
  saving: boolean;
  /** The last failure, with a message per field from the 400's issues. */
  error: CmsError | null;
  /** The last success, shown beside the form until the next attempt. */
  notice: string | null;
  fieldError(path: string): string | undefined;
  /**
   * Runs `task` once at a time; on success shows `success` (a toast and the form's notice) and calls
   * `onDone`, on failure the described error, and answers whether it worked.
   */
  run(task: () => Promise<unknown>, success: string, onDone?: () => void): Promise<boolean>;
  reset(): void;
}

/** One form's save (or delete) with the state an operator sees: busy, the error by field, the notice. */
export function useCmsAction(fieldNames: readonly string[] = []): CmsAction {
  const { t } = useTranslation('cms');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<CmsError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = useRef(false);
  const names = useRef(fieldNames);
  names.current = fieldNames;

  const run = useCallback(
    async (task: () => Promise<unknown>, success: string, onDone?: () => void) => {
      if (busy.current) return false;
      busy.current = true;
      setSaving(true);
      setError(null);
      setNotice(null);
      let ok = false;
      try {
        await task();
        ok = true;
        setNotice(success);
        showToast('success', success);
      } catch (failure) {
        const described = describeCmsError(t as unknown as Translate, failure, names.current);
        setError(described);
        showToast('error', described.message);
      } finally {
        busy.current = false;
        setSaving(false);
      }
      if (ok) onDone?.();
      return ok;
    },
    [t],
  );
  const reset = useCallback(() => {
    setError(null);
    setNotice(null);
  }, []);
  const fieldError = useCallback((path: string) => error?.fields[path], [error]);
  return { saving, error, notice, fieldError, run, reset };
}

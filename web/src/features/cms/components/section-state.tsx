import { useTranslation } from 'react-i18next';
import type { CmsList } from '../hooks/use-cms-list.ts';

/**
 * What a section shows until its list is there: loading, or why it failed. A 403 (the account lost its
 * admin scope since the page opened) says "admins only", like the page itself does for a non-admin.
 */
export function SectionState({ list }: { list: CmsList<unknown> }) {
  const { t } = useTranslation('cms');
  if (list.code === 'auth:forbidden')
    return (
      <p role="alert" data-testid="cms-admins-only">
        {t('adminsOnly')}
      </p>
    );
  if (list.error)
    return (
      <p role="alert" className="auth-form__message" data-testid="cms-load-error">
        {list.error}{' '}
        <button type="button" className="auth-button" onClick={list.reload}>
          {t('actions.retry')}
        </button>
      </p>
    );
  return <p role="status">{t('common.loading')}</p>;
}

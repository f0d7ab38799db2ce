import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@pitchside/shared/auth';
import { useVisit } from '../../../lib/visit.ts';
import { formatDate } from '../../../lib/format.ts';
import { listUsers } from '../api/auth-api.ts';
import { describeAuthError } from '../../../lib/session/describe-auth-error.ts';

/** The admin side's landing (SPEC 6): the users, searchable by address (GET /api/admin/users, admin scope). */
export function AdminUsers() {
  const { t, i18n } = useTranslation('account');
  const { timeZone } = useVisit();
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ users: AdminUser[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    listUsers(query)
      .then((found) => {
        if (!current) return;
        setResult(found);
        setError(null);
      })
      .catch((failure: unknown) => current && setError(describeAuthError(t, failure).message));
    return () => {
      current = false;
    };
  }, [query, t]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(String(new FormData(event.currentTarget).get('query') ?? '').trim());
  };
  return (
    <section className="account-section" id="admin" aria-labelledby="account-admin" data-testid="admin-users">
      <h2 id="account-admin">{t('admin.title')}</h2>
      <form className="auth-form" role="search" onSubmit={search}>
        <div className="auth-form__field">
          <label htmlFor="admin-query">{t('admin.search')}</label>
          <input className="form-control" id="admin-query" name="query" type="search" defaultValue={query} />
        </div>
        <button type="submit" className="auth-button">
          {t('admin.searchSubmit')}
        </button>
      </form>
      {!result ? (
        <p role="status">{error ?? t('account.loading')}</p>
      ) : (
        <>
          <p role="status">{t('admin.total', { count: result.total })}</p>
          <table className="account-users">
            <thead>
              <tr>
                <th scope="col">{t('form.email')}</th>
                <th scope="col">{t('register.name')}</th>
                <th scope="col">{t('admin.created')}</th>
                <th scope="col">{t('admin.status')}</th>
              </tr>
            </thead>
            <tbody>
              {result.users.map((user) => (
                <tr key={user.uid}>
                  <td>{user.email ?? '—'}</td>
                  <td>{user.displayName ?? '—'}</td>
                  <td>{formatDate(user.metadata.creationTime, 'date', i18n.language, timeZone)}</td>
                  <td>
                    {[
                      user.disabled ? t('admin.disabled') : t('admin.active'),
                      user.scope.includes('admin') ? t('admin.admin') : null,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@pitchside/shared/auth';
import { useVisit } from '../../../lib/visit.ts';
import { formatDate } from '../../../lib/format.ts';
import { showToast } from '../../../stores/toast-store.ts';
import { listSessions, revokeSession, signOutEverywhere } from '../api/auth-api.ts';
import { resetSession } from '../../../lib/session/session-actions.ts';
import { describeAuthError } from '../../../lib/session/describe-auth-error.ts';
import { describeDevice } from '../utils/describe-device.ts';

/** Where the account is signed in: this device marked, any other one can be signed out, or all at once. */
export function SessionList() {
  const { t, i18n } = useTranslation('account');
  const { timeZone } = useVisit();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    listSessions()
      .then((list) => current && setSessions(list))
      .catch((failure: unknown) => current && setError(describeAuthError(t, failure).message));
    return () => {
      current = false;
    };
  }, [t]);

  const fail = (failure: unknown) => showToast('error', describeAuthError(t, failure).message);
  const revoke = async (session: AccountSession) => {
    setBusy(session.id);
    try {
      await revokeSession(session.id);
      setSessions((list) => list?.filter((s) => s.id !== session.id) ?? null);
      showToast('success', t('sessions.revoked'));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  };
  const everywhere = async () => {
    setBusy('*');
    try {
      await signOutEverywhere();
      showToast('success', t('sessions.everywhereDone'));
      resetSession();
    } catch (failure) {
      fail(failure);
      setBusy(null);
    }
  };

  const when = (iso: string) => formatDate(iso, 'dateTime', i18n.language, timeZone);
  const name = (session: AccountSession) => {
    const device = describeDevice(session.userAgent);
    return device ? t('sessions.device', device) : t('sessions.unknownDevice');
  };
  return (
    <section className="account-section" aria-labelledby="account-sessions" data-testid="account-sessions">
      <h2 id="account-sessions">{t('sessions.title')}</h2>
      <p>{t('sessions.intro')}</p>
      {!sessions ? (
        <p role="status">{error ?? t('account.loading')}</p>
      ) : (
        <ul className="account-sessions">
          {sessions.map((session) => (
            <li key={session.id} data-testid="session" data-current={session.current}>
              <span className="account-sessions__what">
                <span>
                  {name(session)}
                  {session.current && <span className="account-badge">{t('sessions.thisDevice')}</span>}
                </span>
                <span className="account-sessions__meta">
                  {t('sessions.lastUsed', { date: when(session.lastUsedAt) })}
                  {session.ip ? ` · ${session.ip}` : ''}
                </span>
              </span>
              {!session.current && (
                <button
                  type="button"
                  className="auth-button"
                  disabled={busy !== null}
                  onClick={() => void revoke(session)}
                  aria-label={t('sessions.revokeLabel', {
                    device: name(session),
                    date: when(session.lastUsedAt),
                  })}
                  data-testid="revoke-session"
                >
                  {t('sessions.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="auth-button"
        disabled={busy !== null}
        onClick={() => void everywhere()}
        data-testid="sign-out-everywhere"
      >
        {t('sessions.everywhere')}
      </button>
    </section>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { AuthUser } from '@pitchside/shared/auth';
import { showToast } from '../../../stores/toast-store.ts';
import { authFetch } from '../../../lib/session/auth-fetch.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';

/**
 * The signed-in visitor's menu in the header: a button with their name that opens "Account" and
 * "Sign out". Closes on navigation, on Escape (focus back on the button) and on a click elsewhere.
 */
export function SessionMenu({ user, to }: { user: AuthUser; to: (path: string) => string }) {
  const { t } = useTranslation();
  const busy = useSessionStore((s) => s.busy);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const name = user.displayName?.trim() || user.email || t('nav.account');
  const signOut = async () => {
    setOpen(false);
    await authFetch.logout();
    showToast('success', t('session.signedOut'));
  };
  return (
    <div className="session-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--small session-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="session-menu"
      >
        <span className="session-menu__avatar" aria-hidden="true">
          {[...name][0]?.toUpperCase()}
        </span>
        <span className="session-menu__name">{name}</span>
        <span className="visually-hidden">{t('session.menu')}</span>
      </button>
      <ul className="session-menu__list" id={menuId} hidden={!open}>
        <li>
          <Link to={to('/account')} data-testid="session-menu-account">
            {t('nav.account')}
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void signOut()} disabled={busy} data-testid="sign-out">
            {t('session.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}

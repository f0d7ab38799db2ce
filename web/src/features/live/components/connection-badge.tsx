import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../hooks/use-connection-state.ts';

/** Shows on every page whether what you see is live: live, connecting, reconnecting or offline. */
export function ConnectionBadge() {
  const state = useConnectionState();
  const { t } = useTranslation();
  return (
    <span
      className={`connection-badge connection-badge--${state}`}
      data-testid="connection-state"
      data-state={state}
      role="status"
      aria-live="polite"
      title={t(`connection.hint.${state}`)}
    >
      <span className="connection-badge__dot" aria-hidden="true" />
      <span className="connection-badge__label">{t(`connection.${state}`)}</span>
    </span>
  );
}

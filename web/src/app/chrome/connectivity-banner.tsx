import { useTranslation } from 'react-i18next';
import { useWindowStore } from '../../stores/window-store.ts';

/** Says so when the browser is offline; scores catch up by themselves when it is back. */
export function ConnectivityBanner() {
  const { t } = useTranslation();
  const online = useWindowStore((s) => s.online);
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('connection.hint.offline')}
    </div>
  );
}

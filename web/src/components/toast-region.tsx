import { useTranslation } from 'react-i18next';
import { dismissToast, useToastStore } from '../stores/toast-store.ts';

/**
 * Where toasts appear: two live regions that exist from the first paint (a region added together with
 * its message is not announced), polite for confirmations and assertive for failures.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const list = (tones: string[]) =>
    toasts
      .filter((toast) => tones.includes(toast.tone))
      .map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.tone}`}
          data-testid="toast"
          data-tone={toast.tone}
        >
          <span className="toast__text">{toast.text}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t('toast.close')}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ));
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__list">
        {list(['success', 'info'])}
      </div>
      <div role="alert" aria-live="assertive" className="toasts__list">
        {list(['error'])}
      </div>
    </div>
  );
}

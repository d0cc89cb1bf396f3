import { useEffect } from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import type { Toast } from '../store/state/ui';

/** How long a toast stays; errors longer, they may need reading twice. */
const LIFETIME_MS = { info: 5000, success: 5000, error: 12000 } as const;

/** Short notices (refused edits with their reason, saves, reloads) in the bottom corner. */
export function Toasts() {
  const toasts = useAppStore((s) => s.toasts);
  return (
    <div className="pv-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const store = useAppStoreApi();
  useEffect(() => {
    const timer = setTimeout(() => store.getState().dismissToast(toast.id), LIFETIME_MS[toast.tone]);
    return () => clearTimeout(timer);
  }, [store, toast.id, toast.tone]);
  const Icon = toast.tone === 'error' ? CircleAlert : toast.tone === 'success' ? CircleCheck : Info;
  return (
    <div className={`pv-toast pv-toast--${toast.tone}`} role="status" data-testid="toast" data-tone={toast.tone}>
      <Icon size={15} aria-hidden className="pv-toast__icon" />
      <div className="pv-toast__text">
        <div>{toast.message}</div>
        {toast.details && toast.details.length > 0 && (
          <ul>
            {toast.details.slice(0, 6).map((d, i) => (
              <li key={i}>
                <code>{d.path}</code> {d.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="pv-icon-button pv-icon-button--small" aria-label="Dismiss" onClick={() => store.getState().dismissToast(toast.id)}>
        <X size={13} />
      </button>
    </div>
  );
}

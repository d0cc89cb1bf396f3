import './toasts.css';
import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, Info, MessageCircleQuestionMark, X } from 'lucide-react';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import type { Toast } from '../store/state/ui';

/** How long a toast stays; errors and questions longer, they may need reading twice. */
const LIFETIME_MS = { info: 5000, success: 5000, attention: 12000, error: 12000 } as const;
const ICONS = { info: Info, success: CircleCheck, attention: MessageCircleQuestionMark, error: CircleAlert } as const;

/** Short notices (refused edits with their reason, saves, reloads, runs) in the bottom corner. */
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
  // A toast being read (pointer over it) or reached with the keyboard stays until left.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (toast.sticky || held) return;
    const timer = setTimeout(() => store.getState().dismissToast(toast.id), LIFETIME_MS[toast.tone]);
    return () => clearTimeout(timer);
  }, [store, toast.id, toast.tone, toast.sticky, held]);
  const Icon = ICONS[toast.tone];
  const action = toast.action;
  return (
    <div
      className={`pv-toast pv-toast--${toast.tone}`}
      role="status"
      data-testid="toast"
      data-tone={toast.tone}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
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
      {action && (
        <button
          type="button"
          className="pv-button pv-toast__action"
          onClick={() => {
            store.getState().dismissToast(toast.id);
            action.run();
          }}
        >
          {action.label}
        </button>
      )}
      <button type="button" className="pv-icon-button pv-icon-button--small" aria-label="Dismiss" onClick={() => store.getState().dismissToast(toast.id)}>
        <X size={13} />
      </button>
    </div>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

/**
 * A modal dialog: `role="dialog"` named by its title, focus moved inside on open and given back
 * on close, Escape closes (when `onClose` is given: some dialogs need an answer).
 */
export function Dialog({
  title,
  subtitle,
  onClose,
  children,
  footer,
  actions,
  size = 'normal',
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** The footer's buttons: a Cancel that closes the dialog comes first, then these. */
  actions?: ReactNode;
  size?: 'normal' | 'wide';
  testId?: string;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The dialog's suggested answer when it names one, else its first control.
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      ref.current?.querySelector<HTMLElement>(
        '.pv-dialog__body button:not([disabled]), .pv-dialog__body input, .pv-dialog__body select, .pv-dialog__body textarea, button:not([disabled])',
      );
    (first ?? ref.current)?.focus();
    return () => previous?.focus?.();
  }, []);
  useEffect(() => {
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <div className="pv-dialog-backdrop">
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} className={`pv-dialog pv-dialog--${size}`} tabIndex={-1} data-testid={testId}>
        <header className="pv-dialog__header">
          <div>
            <h2 id={titleId}>{title}</h2>
            {subtitle && <div className="pv-dialog__subtitle">{subtitle}</div>}
          </div>
          {onClose && (
            <button type="button" className="pv-icon-button pv-icon-button--small" onClick={onClose} aria-label="Close">
              <X size={15} />
            </button>
          )}
        </header>
        <div className="pv-dialog__body">{children}</div>
        {(footer || actions) && (
          <footer className="pv-dialog__footer">
            {footer}
            {actions && onClose && <CancelButton onClick={onClose} />}
            {actions}
          </footer>
        )}
      </div>
    </div>
  );
}

/** The footer button that closes a dialog without doing anything. */
function CancelButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="pv-button" onClick={onClick}>
      Cancel
    </button>
  );
}

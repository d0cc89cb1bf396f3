import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { CopyPlus, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import type { WorkflowDialogRequest } from '../../store/state/ui';
import { useAppStoreApi } from '../../store/store-context';
import './workflow-menu.css';

/** Where a workflow's menu opens, and what gets focus back when it closes. */
export type WorkflowMenuAnchor = { workflowId: string; x: number; y: number; returnFocus: HTMLElement | null };

type Action = Exclude<WorkflowDialogRequest['action'], 'new'>;
const ITEMS: ReadonlyArray<{ action: Action; label: string; icon: LucideIcon; danger?: boolean }> = [
  { action: 'duplicate', label: 'Duplicate…', icon: CopyPlus },
  { action: 'rename', label: 'Rename or move…', icon: Pencil },
  { action: 'delete', label: 'Delete…', icon: Trash2, danger: true },
];

/** The menu of a right-click on a row, at the pointer; from the keyboard (menu key, Shift+F10), under the row. */
export function anchorAtPointer(event: MouseEvent<HTMLElement>, workflowId: string): WorkflowMenuAnchor {
  const fromKeyboard = event.clientX === 0 && event.clientY === 0;
  if (!fromKeyboard) return { workflowId, x: event.clientX, y: event.clientY, returnFocus: event.currentTarget };
  const rect = event.currentTarget.getBoundingClientRect();
  return { workflowId, x: rect.left + 12, y: rect.bottom, returnFocus: event.currentTarget };
}

/** The menu of the "⋯" button: under it, its right edge on the button's. */
export function anchorUnder(button: HTMLElement, workflowId: string): WorkflowMenuAnchor {
  const rect = button.getBoundingClientRect();
  return { workflowId, x: rect.right, y: rect.bottom + 2, returnFocus: button };
}

const MARGIN = 8;

/**
 * Duplicate, rename and delete for one workflow of the sidebar, as a menu (role `menu`): the
 * arrow keys, Home and End move between its items, Escape closes it and gives focus back to what
 * opened it, a click elsewhere closes it. An item opens its dialog through `openOverlay`.
 */
export function WorkflowMenu({ anchor, onClose }: { anchor: WorkflowMenuAnchor; onClose: () => void }) {
  const store = useAppStoreApi();
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: anchor.x, top: anchor.y });

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    // Kept on screen: a row near the bottom opens its menu upwards, the "⋯" button's to its left.
    const { width, height } = menu.getBoundingClientRect();
    const fromButton = anchor.returnFocus?.tagName === 'BUTTON';
    const left = Math.max(MARGIN, Math.min((fromButton ? anchor.x - width : anchor.x) || 0, window.innerWidth - width - MARGIN));
    const top = anchor.y + height + MARGIN > window.innerHeight ? Math.max(MARGIN, anchor.y - height) : anchor.y;
    setPosition({ left, top });
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  useEffect(() => {
    const onPointer = (e: globalThis.MouseEvent) => {
      const target = e.target as Node;
      // The "⋯" button that opened it closes it with its own click (a toggle), not here first.
      const opener = anchor.returnFocus?.tagName === 'BUTTON' && anchor.returnFocus.contains(target);
      if (!ref.current?.contains(target) && !opener) onClose();
    };
    const onResize = () => onClose();
    window.addEventListener('mousedown', onPointer, true);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('mousedown', onPointer, true);
      window.removeEventListener('resize', onResize);
    };
  }, [anchor, onClose]);

  const closeAndReturn = () => {
    onClose();
    anchor.returnFocus?.focus();
  };
  const choose = (action: Action) => {
    // Focus goes back first: the dialog gives it back to what had it when it opened.
    closeAndReturn();
    store.getState().openOverlay('workflow', { action, workflowId: anchor.workflowId });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => focus(at + 1),
      ArrowUp: () => focus(at - 1),
      Home: () => focus(0),
      End: () => focus(items.length - 1),
      Escape: closeAndReturn,
      Tab: closeAndReturn,
    };
    const run = keys[e.key];
    if (!run) return;
    // The editor's own keys (Escape clears the canvas selection) are not for a key pressed here.
    e.preventDefault();
    e.stopPropagation();
    run();
  };

  return createPortal(
    <div
      ref={ref}
      className="pv-context-menu pv-workflow-menu"
      role="menu"
      aria-label={`Actions for ${anchor.workflowId}`}
      style={position}
      onKeyDown={onKeyDown}
      data-testid="workflow-menu"
    >
      {ITEMS.map((item) => (
        <button
          key={item.action}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`pv-context-menu__item${item.danger ? ' pv-danger' : ''}`}
          onClick={() => choose(item.action)}
          data-testid={`workflow-menu-${item.action}`}
        >
          <span className="pv-context-menu__icon">
            <item.icon size={14} aria-hidden />
          </span>
          <span className="pv-context-menu__label">{item.label}</span>
        </button>
      ))}
    </div>,
    document.body,
  );
}

import { useEffect, useRef } from 'react';
import { CircleDot, CircleOff, ClipboardPaste, Copy, CopyPlus, Pencil, Trash2, Unlink } from 'lucide-react';
import { detectGeneration, findStep, generationTraits, runsTodoOrchestrator, STEP_KIND_LABELS, type Plan, type Step } from '@planvas/shared';
import { breakpointLabel, sameBreakpoint, type Breakpoint } from '../flow/breakpoints';
import { kindChoices } from '../store/use-file-generation';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import type { ContextMenu as Menu } from '../store/state/ui';
import { edgeTargetOf, nodeTargetOf } from '../flow/node-targets';

type Item = { label: string; icon?: typeof Copy; shortcut?: string; run(): void; danger?: boolean };

/** Right-click menu on a step, a connection or the empty canvas. */
export function ContextMenu() {
  const store = useAppStoreApi();
  const menu = useAppStore((s) => s.contextMenu);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!menu) return;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== 'Escape') return;
      if (e instanceof MouseEvent && ref.current?.contains(e.target as Node)) return;
      store.getState().closeOverlay('contextMenu');
    };
    window.addEventListener('mousedown', close, true);
    window.addEventListener('keydown', close, true);
    return () => {
      window.removeEventListener('mousedown', close, true);
      window.removeEventListener('keydown', close, true);
    };
  }, [menu, store]);
  if (!menu) return null;
  const items = itemsFor(menu, store);
  if (items.length === 0) return null;
  return (
    <div ref={ref} className="pv-context-menu" role="menu" aria-label="Actions" style={{ left: menu.x, top: menu.y }} data-testid="context-menu">
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            className={`pv-context-menu__item${item.danger ? ' pv-danger' : ''}`}
            onClick={() => {
              store.getState().closeOverlay('contextMenu');
              item.run();
            }}
          >
            <span className="pv-context-menu__icon">{Icon && <Icon size={14} aria-hidden />}</span>
            <span className="pv-context-menu__label">{item.label}</span>
            {item.shortcut && <kbd>{item.shortcut}</kbd>}
          </button>
        );
      })}
    </div>
  );
}

function itemsFor(menu: Menu, store: ReturnType<typeof useAppStoreApi>): Item[] {
  const state = store.getState();
  const plan = state.document?.plan;
  if (!plan) return [];
  const { target } = menu;
  if (target.kind === 'node') {
    const node = nodeTargetOf(plan, target.id);
    if (!node) return [];
    // Acting on a node that is not selected acts on it alone.
    const ensureSelected = () => {
      if (!store.getState().selectedNodeIds.includes(target.id)) store.getState().setSelection([target.id], []);
    };
    if (node.kind === 'step') {
      return [
        { label: 'Edit', icon: Pencil, run: () => store.getState().setSelection([target.id], []) },
        { label: 'Duplicate', icon: CopyPlus, shortcut: 'Ctrl+D', run: () => (ensureSelected(), store.getState().duplicateSelection()) },
        { label: 'Copy', icon: Copy, shortcut: 'Ctrl+C', run: () => (ensureSelected(), store.getState().copySelection()) },
        { label: 'Delete', icon: Trash2, shortcut: 'Del', danger: true, run: () => (ensureSelected(), store.getState().requestDelete()) },
        ...breakpointItems(plan, node.stepId, store),
      ];
    }
    if (node.kind === 'sub_agent') {
      return [
        { label: 'Edit', icon: Pencil, run: () => store.getState().setSelection([target.id], []) },
        { label: 'Copy as a step', icon: Copy, run: () => (ensureSelected(), store.getState().copySelection()) },
        { label: `Remove route “${node.routeId}”`, icon: Trash2, danger: true, run: () => store.getState().removeRouteFrom(node.parentStepId, node.routeId) },
        breakpointItem({ on: 'before_delegate', stepId: node.parentStepId, routeId: node.routeId }, store),
      ];
    }
    if (node.kind === 'generic' && switchable(plan))
      return [{ label: 'Turn off the generic agent', icon: Trash2, danger: true, run: () => store.getState().setGenericAgentOf(node.parentStepId, false) }];
    return [];
  }
  if (target.kind === 'edge') {
    const edge = edgeTargetOf(plan, target.id);
    if (edge?.kind === 'flow') return [{ label: 'Delete connection', icon: Unlink, danger: true, run: () => store.getState().requestDelete([], [target.id]) }];
    if (edge?.kind === 'delegation')
      return [
        { label: `Remove route “${edge.routeId}”`, icon: Trash2, danger: true, run: () => store.getState().removeRouteFrom(edge.parentStepId, edge.routeId) },
        breakpointItem({ on: 'before_delegate', stepId: edge.parentStepId, routeId: edge.routeId }, store),
      ];
    if (edge?.kind === 'generic' && switchable(plan))
      return [{ label: 'Turn off the generic agent', icon: Trash2, danger: true, run: () => store.getState().setGenericAgentOf(edge.parentStepId, false) }];
    return [];
  }
  const at = target.at;
  const items: Item[] = [];
  if (state.clipboard) items.push({ label: 'Paste', icon: ClipboardPaste, shortcut: 'Ctrl+V', run: () => store.getState().pasteClipboard() });
  // The kinds this file's generation accepts, as the palette offers them.
  for (const { kind } of kindChoices(detectGeneration(plan).generation).filter((c) => c.offered)) {
    items.push({ label: `Add ${STEP_KIND_LABELS[kind]} here`, run: () => store.getState().addStepOfKind(kind, { position: at }) });
  }
  return items;
}

/** Breakpoints a step that runs the todo orchestrator offers (docs/api.md "Breakpoints and step mode"). */
function breakpointItems(plan: Plan, stepId: string, store: ReturnType<typeof useAppStoreApi>): Item[] {
  const step = findStep(plan, stepId)?.step;
  if (!step || !runsTodoOrchestrator(step as Step)) return [];
  const kinds: Breakpoint['on'][] = ['before_turn', 'before_delegate', 'validation_failed'];
  return kinds.map((on) => breakpointItem({ on, stepId }, store));
}

/** A menu entry that sets the breakpoint, or clears it when it is set (its label says which). */
function breakpointItem(breakpoint: Breakpoint, store: ReturnType<typeof useAppStoreApi>): Item {
  const set = store.getState().breakpoints.some((b) => sameBreakpoint(b, breakpoint));
  return {
    label: `${set ? 'Clear breakpoint' : 'Break'} ${breakpointLabel(breakpoint)}`,
    icon: set ? CircleOff : CircleDot,
    run: () => void store.getState().toggleBreakpoint(breakpoint),
  };
}

/** Whether the file's generation can turn the generic agent off (seed-era files only; later ones always run it). */
function switchable(plan: Plan): boolean {
  return generationTraits(detectGeneration(plan).generation).genericAgentSwitch;
}

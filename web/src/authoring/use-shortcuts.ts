import { useEffect } from 'react';
import { ClipboardPayload, CLIPBOARD_FORMAT } from '@planvas/shared';
import { nodeTargetOf } from '../flow/node-targets';
import type { AppStore } from '../store/app-store';

/** Typing in a field keeps the browser's own keys (undo in a text box, copy of its text). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** Parsed planvas steps from clipboard text, else undefined (any other text is not ours). */
export function clipboardPayloadOf(text: string | undefined | null): unknown {
  if (!text || !text.includes(CLIPBOARD_FORMAT)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return ClipboardPayload.safeParse(value).success ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The editor's keyboard: Ctrl+S save (everywhere), and outside text fields Ctrl+Z / Ctrl+Shift+Z
 * (Ctrl+Y) undo / redo, Delete / Backspace delete, Ctrl+D duplicate, Ctrl+A select all, Ctrl+C /
 * X / V through the clipboard events (so steps travel between tabs as JSON text), `?` help.
 */
export function useAuthoringShortcuts(store: AppStore, save: () => void): void {
  useEffect(() => {
    // Ctrl+V pastes from the browser's paste event when there is one (another tab's copy); if the
    // browser sends none, the page's own clipboard is pasted right after.
    let pasteFallback: ReturnType<typeof setTimeout> | null = null;
    const blocked = () => {
      const s = store.getState();
      return s.conflict !== null || s.pendingDelete !== null || s.overlay !== null;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      const s = store.getState();
      if (mod && key === 's') {
        e.preventDefault();
        if (!blocked()) save();
        return;
      }
      if (isEditable(e.target) || blocked() || e.defaultPrevented) return;
      if (e.key === 'Escape') {
        if (s.contextMenu) s.closeOverlay('contextMenu');
        else s.setSelection([], []);
        return;
      }
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) s.redo();
        else s.undo();
        return;
      }
      if (mod && key === 'y') {
        e.preventDefault();
        s.redo();
        return;
      }
      if (mod && key === 'd') {
        e.preventDefault();
        s.duplicateSelection();
        return;
      }
      if (mod && key === 'a') {
        const plan = s.document?.plan;
        if (!plan) return;
        e.preventDefault();
        const ids = [...plan.steps.map((step) => step.id)].filter((id) => nodeTargetOf(plan, id)?.kind === 'step');
        s.setSelection(ids, []);
        return;
      }
      if (mod && key === 'c') {
        s.copySelection();
        return;
      }
      if (mod && key === 'x') {
        if (s.copySelection()) s.requestDelete();
        return;
      }
      if (mod && key === 'v') {
        if (pasteFallback) clearTimeout(pasteFallback);
        pasteFallback = setTimeout(() => {
          pasteFallback = null;
          store.getState().pasteClipboard();
        }, 0);
        return;
      }
      if (!mod && (e.key === 'Delete' || e.key === 'Backspace')) {
        if (s.selectedNodeIds.length > 0 || s.selectedEdgeIds.length > 0) {
          e.preventDefault();
          s.requestDelete();
        }
        return;
      }
      if (e.key === '?') {
        e.preventDefault();
        // Any open dialog blocks the keys (above), so `?` only opens; the dialog closes itself.
        s.openOverlay('shortcuts');
      }
    };
    const onCopy = (e: ClipboardEvent) => {
      if (isEditable(e.target) || blocked()) return;
      const payload = store.getState().clipboard;
      if (!payload || store.getState().selectedNodeIds.length === 0 || !e.clipboardData) return;
      // The keydown already copied into the page; this hands the same steps to the system clipboard.
      e.clipboardData.setData('text/plain', JSON.stringify(payload));
      e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (isEditable(e.target) || blocked()) return;
      if (pasteFallback) {
        clearTimeout(pasteFallback);
        pasteFallback = null;
      }
      const payload = clipboardPayloadOf(e.clipboardData?.getData('text/plain'));
      e.preventDefault();
      store.getState().pasteClipboard(payload ?? store.getState().clipboard);
    };
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      if (pasteFallback) clearTimeout(pasteFallback);
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [store, save]);
}

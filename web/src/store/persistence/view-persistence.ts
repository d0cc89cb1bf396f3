import type { ViewSettings } from '@planvas/shared';
import type { AppStore } from '../app-store';
import { viewSettingsOf } from '../slices/view-slice';

export type SaveView = (workflowId: string, settings: ViewSettings, options?: { keepalive?: boolean }) => Promise<void>;

/**
 * Saves the view settings (direction, manual positions, viewport) of the open workflow, debounced,
 * whenever the user changes them. Loading a workflow's saved settings is not a change. Pending
 * changes are flushed at once when the user leaves the workflow, so switching loses nothing.
 * Returns the function that stops it (flushing too).
 */
export function persistViewChanges(
  store: AppStore,
  save: SaveView,
  delayMs = 600,
  onError: (error: unknown) => void = () => {},
): { stop(): void; flush(options?: { keepalive?: boolean }): void } {
  let baseline: { workflowId: string; json: string } | null = null;
  let pending: { workflowId: string; settings: ViewSettings } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = (options: { keepalive?: boolean } = {}) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const { workflowId, settings } = pending;
    pending = null;
    save(workflowId, settings, options).catch(onError);
  };

  const unsubscribe = store.subscribe((state) => {
    // Leaving a workflow saves what is still pending for it right away.
    if (pending && pending.workflowId !== state.workflowId) flush();
    const workflowId = state.viewOf;
    if (workflowId === null || workflowId !== state.workflowId) return;
    const settings = viewSettingsOf(state);
    const json = JSON.stringify(settings);
    if (baseline?.workflowId !== workflowId) {
      // Settings just loaded for a newly opened workflow: what is on the server already.
      flush();
      baseline = { workflowId, json };
      return;
    }
    if (json === baseline.json) return;
    const directionChanged = settings.direction !== (JSON.parse(baseline.json) as ViewSettings).direction;
    baseline = { workflowId, json };
    pending = { workflowId, settings };
    if (timer) clearTimeout(timer);
    // A direction switch is one deliberate click: saved at once, so a reload right after it keeps
    // it. Drags and pans come in bursts and are debounced.
    if (directionChanged) flush();
    else timer = setTimeout(() => flush(), delayMs);
  });

  return {
    flush,
    stop() {
      unsubscribe();
      flush();
    },
  };
}

import type { AppStore } from '../store/app-store';
import type { ToastAction } from '../store/state/ui';
import type { RunNotice } from './run-notices';

/** Follows `runId` unless it is followed already (a notice may be about a run started elsewhere). */
async function follow(store: AppStore, runId: string): Promise<void> {
  if (store.getState().followedRunId !== runId) await store.getState().openRun(runId);
}

/** Unfolds the run panel (beside the canvas, or docked under an open inspector: the edit stays open). */
function showRunPanel(store: AppStore): void {
  store.getState().setRunSidebar('expanded');
}

/** Focuses the first control of the run panel's answer form once it is on screen (a few frames at most). */
function focusAnswer(framesLeft = 30): void {
  const control = document.querySelector<HTMLElement>('[data-testid="human-input"] :is(input, textarea, button):not(:disabled)');
  if (control) control.focus();
  else if (framesLeft > 0) requestAnimationFrame(() => focusAnswer(framesLeft - 1));
}

/** The question of the run: its panel open, the answer focused. */
export async function goToQuestion(store: AppStore, runId: string): Promise<void> {
  await follow(store, runId);
  showRunPanel(store);
  focusAnswer();
}

async function showLogs(store: AppStore, runId: string): Promise<void> {
  await follow(store, runId);
  store.getState().openExecutionLogs(null);
}

async function watch(store: AppStore, runId: string): Promise<void> {
  await follow(store, runId);
  showRunPanel(store);
}

/**
 * The button a notice's toast offers (the desktop notification's click does the same): answer a
 * waiting run, read a failed run's logs, watch a run started elsewhere.
 */
export function noticeAction(store: AppStore, notice: RunNotice): ToastAction | undefined {
  const runId = notice.run.id;
  switch (notice.kind) {
    case 'waiting':
      return { label: 'Answer', run: () => void goToQuestion(store, runId) };
    case 'failed':
      return { label: 'Show logs', run: () => void showLogs(store, runId) };
    case 'started':
      return store.getState().followedRunId === runId ? undefined : { label: 'Watch', run: () => void watch(store, runId) };
    default:
      return undefined;
  }
}

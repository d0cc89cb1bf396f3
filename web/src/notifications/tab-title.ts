import { useEffect } from 'react';
import { hasUnsavedWork } from '../store/save-status';
import { useAppStore } from '../store/store-context';
import { waitingRunCount } from './runs-view';

export type TabTitleParts = {
  workflowId: string | null;
  /** Edits not on disk (a draft not restored yet too): `● `, as editors do. */
  unsaved: boolean;
  /** Runs of the open workflow waiting for an answer. */
  waiting: number;
  /** A run failed while the page was out of sight (use-run-notifications.ts). */
  unseenFailure: boolean;
};

/**
 * The tab's title: `Research Report — planvas` (the workflow's last path part), with in front
 * what the user should come back for, so it reads in a row of tabs: `(!)` a run failed while
 * they looked elsewhere, `(?)` a run waits for their answer (`(2?)` for two), `●` unsaved edits.
 */
export function tabTitle({ workflowId, unsaved, waiting, unseenFailure }: TabTitleParts): string {
  const name = workflowId?.split('/').pop();
  const badges = [unseenFailure ? '(!)' : '', waiting > 1 ? `(${waiting}?)` : waiting === 1 ? '(?)' : '', unsaved ? '●' : ''].filter(Boolean);
  return `${badges.map((b) => `${b} `).join('')}${name ? `${name} — ` : ''}planvas`;
}

/** Keeps `document.title` in step with the open workflow, its unsaved edits and its runs. */
export function useTabTitle(unseenFailure: boolean): void {
  const workflowId = useAppStore((s) => s.workflowId);
  const unsaved = useAppStore(hasUnsavedWork);
  const waiting = useAppStore(waitingRunCount);
  useEffect(() => {
    document.title = tabTitle({ workflowId, unsaved, waiting, unseenFailure });
  }, [workflowId, unsaved, waiting, unseenFailure]);
}

import { useCallback } from 'react';
import type { PlanvasEvent } from '@planvas/shared';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { RunTimeline } from './run-timeline';

export type RunTimelineViewProps = {
  events: ReadonlyArray<PlanvasEvent>;
  live: boolean;
  titles: Readonly<Record<string, string>>;
  /** The step the logs popup was opened on (null: the whole run). */
  popupStepId: string | null;
  /** After an iteration was selected: the popup shows it (its step, its Iterations view). */
  onIterationOpened: (stepId: string) => void;
};

/**
 * The followed run's timeline as the logs popup's Timeline view: an iteration bar selects that
 * iteration (the store's `selectIteration`, the same the Iterations view uses) and hands over to
 * the popup to show it; "add them in Settings" opens the settings dialog.
 */
export function RunTimelineView({ events, live, titles, popupStepId, onIterationOpened }: RunTimelineViewProps) {
  const store = useAppStoreApi();
  const runId = useAppStore((s) => s.followedRunId);
  const pricing = useAppStore((s) => s.workspaceSettings.pricing);
  const onOpenIteration = useCallback(
    (stepId: string, iteration: number) => {
      const state = store.getState();
      if (!state.followedRunId) return;
      // Opened on another step's logs: the popup moves to this step's.
      if (popupStepId !== null && popupStepId !== stepId) state.openExecutionLogs(stepId);
      state.selectIteration({ runId: state.followedRunId, stepId, iteration });
      onIterationOpened(stepId);
    },
    [store, popupStepId, onIterationOpened],
  );
  const onOpenSettings = useCallback(() => store.getState().openOverlay('settings'), [store]);
  if (!runId) return null;
  return (
    <RunTimeline
      runId={runId}
      events={events}
      live={live}
      titles={titles}
      onOpenIteration={onOpenIteration}
      onOpenSettings={onOpenSettings}
      pricingKey={pricing}
    />
  );
}

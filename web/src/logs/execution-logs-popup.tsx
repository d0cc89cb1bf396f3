import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/shallow';
import { ScrollText, X } from 'lucide-react';
import { RunStatusChip, useRunLabel, useRunRef } from '../runs/run-format';
import { followedRunStatus, useRunStore } from '../runs/use-run-store';
import { AllEventsList } from './all-events-list';
import { CompareView } from './compare-view';
import { IterationTimeline } from './iteration-timeline';
import { filterOptions, filtersActive, groupingFor, groupIteration, NO_FILTERS, todoTaskStepsFor, type LogFilters, type LogGroup } from './log-model';
import { PreviousRuns } from './previous-runs';
import { RunTimelineView } from '../timeline/run-timeline-view';
import { SnapshotPanel } from './snapshot-panel';
import './execution-logs.css';
import './execution-logs-views.css';
import { PausePanel } from '../runs/pause/pause-panel';

export type ExecutionLogsPopupProps = {
  /** The todo_task step whose logs to show; null = the whole run (opened from the toolbar). */
  stepId: string | null;
  onClose: () => void;
};

type Tab = 'timeline' | 'run-timeline' | 'previous' | 'compare' | 'events';

/**
 * The execution-logs popup (docs/formats.md "Execution logs view") for the followed run: the timeline of
 * iterations grouped by each event's own `iteration`, the plan as it was at a chosen iteration
 * with "Continue from here", earlier runs of the step, a side-by-side comparison, and (for the
 * whole run) every event.
 */
export function ExecutionLogsPopup({ stepId, onClose }: ExecutionLogsPopupProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const runId = useRunStore((s) => s.followedRunId);
  const events = useRunStore((s) => s.runEvents);
  const eventsStatus = useRunStore((s) => s.runEventsStatus);
  const followedRun = useRunStore((s) => s.followedRun);
  const status = useRunStore(followedRunStatus);
  const streamState = useRunStore((s) => s.streamState);
  const runs = useRunStore((s) => s.runs);
  const selection = useRunStore((s) => s.selectedIteration);
  const { selectIteration, continueFrom, openRun } = useRunStore(
    useShallow((s) => ({ selectIteration: s.selectIteration, continueFrom: s.continueFrom, openRun: s.openRun })),
  );
  const runName = useRunLabel(runId);
  const parentRef = useRunRef(followedRun?.parent?.runId ?? null);
  const planTitles = useRunStore(
    useShallow((s) => {
      const titles: Record<string, string> = {};
      for (const step of s.document?.plan?.steps ?? []) if (typeof step.title === 'string' && step.title) titles[step.id] = step.title;
      return titles;
    }),
  );

  // Opened from a node while no run is followed: show the workflow's newest run.
  useEffect(() => {
    if (runId === null && runs[0]) void openRun(runs[0].id);
  }, [runId, runs, openRun]);

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);
  // Escape closes it wherever the focus is (the button that had it may be gone, e.g. after
  // "Continue from here").
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const steps = useMemo(() => todoTaskStepsFor(events), [events]);
  const [pickedStep, setPickedStep] = useState<string | null>(null);
  const shownStep = stepId ?? pickedStep ?? steps[steps.length - 1]?.stepId ?? null;
  const [tab, setTab] = useState<Tab>('timeline');
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);

  const grouping = useMemo(() => groupingFor(events, shownStep), [events, shownStep]);
  const options = useMemo(() => filterOptions(grouping.groups), [grouping]);
  const live = status === 'running' || status === 'waiting_input';
  const lastSeq = events.length > 0 ? events[events.length - 1]!.seq : 0;

  const previousRuns = useMemo(() => {
    const others = runs.filter((r) => r.id !== runId);
    const start = followedRun ? Date.parse(followedRun.startedAt) : Number.NaN;
    return Number.isNaN(start) ? others : others.filter((r) => !(Date.parse(r.startedAt) > start));
  }, [runs, runId, followedRun]);
  const compareCandidates = useMemo(() => runs.filter((r) => r.id !== runId), [runs, runId]);

  const selectedHere = selection && selection.runId === runId && selection.stepId === shownStep ? selection.iteration : null;
  const onSelectIteration = useCallback(
    (group: LogGroup) => {
      if (!runId || !shownStep) return;
      const iteration = groupIteration(group);
      selectIteration(selectedHere === iteration ? null : { runId, stepId: shownStep, iteration });
    },
    [runId, shownStep, selectIteration, selectedHere],
  );

  const stepTitle = (id: string) => planTitles[id] ?? steps.find((s) => s.stepId === id)?.title ?? id;
  const heading = stepId ? stepTitle(stepId) : 'Whole run';
  const set = (patch: Partial<LogFilters>) => setFilters((f) => ({ ...f, ...patch }));
  // Clearing from the "no matches" line puts the focus back in the box, ready for other words.
  const searchRef = useRef<HTMLInputElement>(null);
  const clearSearch = () => {
    set({ search: '' });
    searchRef.current?.focus();
  };
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    searchRef.current?.focus();
  };

  return (
    <div className="pv-logs-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className="pv-logs" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="pv-logs__header">
          <ScrollText size={16} aria-hidden className="pv-logs__icon" />
          <h2 id={titleId} title={`Execution logs · ${heading}`}>
            Execution logs <span className="pv-logs__heading-sub">· {heading}</span>
          </h2>
          {status ? <RunStatusChip status={status} /> : null}
          {runId ? (
            <span className="pv-muted" title={runId} data-testid="logs-run-label">
              {runName}
              {followedRun?.parent ? ` · continued from ${parentRef} at iteration ${followedRun.parent.iteration}` : ''}
            </span>
          ) : null}
          <span className="pv-logs__spacer" />
          <span
            className={`pv-live pv-live--${streamState}`}
            data-testid="logs-event-count"
            data-count={events.length}
            data-last-seq={lastSeq}
            title={`stream: ${streamState}`}
          >
            {live ? <span className="pv-live__dot" aria-hidden /> : null}
            {events.length} events{lastSeq ? ` · #${lastSeq}` : ''}
            {streamState === 'reconnecting' || streamState === 'polling' ? ` · ${streamState}…` : ''}
          </span>
          <button type="button" className="pv-icon-button" aria-label="Close execution logs" onClick={onClose}>
            <X size={16} aria-hidden />
          </button>
        </header>
        {/* A paused run says why here too, with Continue, Step and its pending decision. */}
        <PausePanel />

        <nav className="pv-logs__tabs" aria-label="Views">
          {(
            [
              ['timeline', 'Iterations'],
              ['run-timeline', 'Timeline'],
              ['previous', `Previous runs${previousRuns.length ? ` (${previousRuns.length})` : ''}`],
              ['compare', 'Compare'],
              ...(stepId === null ? ([['events', 'All events']] as const) : []),
            ] as const
          ).map(([key, label]) => (
            <button key={key} type="button" aria-pressed={tab === key} className="pv-tab" onClick={() => setTab(key)}>
              {label}
            </button>
          ))}
          {stepId === null && steps.length > 1 && tab !== 'events' && tab !== 'run-timeline' ? (
            <label className="pv-logs__step-pick">
              Step{' '}
              <select value={shownStep ?? ''} onChange={(e) => setPickedStep(e.target.value)}>
                {steps.map((s) => (
                  <option key={s.stepId} value={s.stepId}>
                    {stepTitle(s.stepId)}
                  </option>
                ))}
              </select>
            </label>
          ) : stepId === null && shownStep && tab !== 'events' && tab !== 'run-timeline' ? (
            <span className="pv-muted pv-logs__step-pick">Step: {stepTitle(shownStep)}</span>
          ) : null}
        </nav>

        {runId === null ? (
          <p className="pv-muted pv-logs__empty">No run yet. Start a run to watch its execution logs here.</p>
        ) : eventsStatus === 'loading' && events.length === 0 ? (
          <p className="pv-muted pv-logs__empty">Loading events…</p>
        ) : tab === 'timeline' ? (
          <>
            <div className="pv-logs__filters" role="search">
              <input
                ref={searchRef}
                type="search"
                placeholder="Search todos, instructions, reasoning…"
                aria-label="Search the logs"
                value={filters.search}
                onChange={(e) => set({ search: e.target.value })}
              />
              <select aria-label="Filter by route" value={filters.route} onChange={(e) => set({ route: e.target.value })}>
                <option value="">All agents</option>
                {options.routes.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.label}
                  </option>
                ))}
              </select>
              <select aria-label="Filter by action" value={filters.action} onChange={(e) => set({ action: e.target.value })}>
                <option value="">All actions</option>
                {options.actions.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
              <select aria-label="Filter by todo status" value={filters.todoStatus} onChange={(e) => set({ todoStatus: e.target.value })}>
                <option value="">All todo statuses</option>
                {options.statuses.map((s) => (
                  <option key={s} value={s}>
                    {s.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
              {filtersActive(filters) ? (
                <button type="button" className="pv-link-button" onClick={() => setFilters(NO_FILTERS)}>
                  Clear
                </button>
              ) : null}
            </div>
            <div className={`pv-logs__body${selectedHere !== null ? ' has-snapshot' : ''}`}>
              <IterationTimeline
                grouping={grouping}
                filters={filters}
                live={live}
                selectedIteration={selectedHere}
                onSelectIteration={onSelectIteration}
                label={`Iterations of ${heading}`}
                onClearSearch={clearSearch}
                onClearFilters={clearFilters}
              />
              {selectedHere !== null && shownStep && runId ? (
                <SnapshotPanel
                  events={events}
                  stepId={shownStep}
                  iteration={selectedHere}
                  onContinue={(fork) => continueFrom(runId, selectedHere, shownStep, fork)}
                  onClose={() => selectIteration(null)}
                />
              ) : null}
            </div>
          </>
        ) : tab === 'run-timeline' ? (
          <RunTimelineView
            events={events}
            live={live}
            titles={planTitles}
            popupStepId={stepId}
            onIterationOpened={(opened) => {
              setPickedStep(opened);
              setTab('timeline');
            }}
          />
        ) : tab === 'previous' ? (
          <div className="pv-logs__scroll-page">
            <PreviousRuns runs={previousRuns} stepId={shownStep} />
          </div>
        ) : tab === 'compare' ? (
          <CompareView
            runId={runId}
            events={events}
            stepId={shownStep}
            candidates={compareCandidates}
            {...((followedRun?.parent?.runId ?? previousRuns[0]?.id) ? { initialOther: followedRun?.parent?.runId ?? previousRuns[0]?.id } : {})}
          />
        ) : (
          <AllEventsList events={events} live={live} />
        )}
      </div>
    </div>
  );
}

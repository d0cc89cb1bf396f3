import { useEffect, useMemo, useState } from 'react';
import { isEvent, type PlanvasEvent } from '@planvas/shared';
import { createUsageApi, type UsageApi } from '../api/usage-api';
import { BarUsageIndex } from './bar-usage';
import { ExpensiveTodos } from './expensive-todos';
import { deriveTimeline } from './timeline-bars';
import { TimelineCanvas } from './timeline-canvas';
import { formatDuration } from './time-view';
import { UsageSummaryBar } from './usage-summary-bar';
import { useRunUsage } from './use-run-usage';
import './run-timeline.css';

export type RunTimelineProps = {
  runId: string;
  events: ReadonlyArray<PlanvasEvent>;
  live: boolean;
  /** Step titles of the plan, by step id. */
  titles?: Readonly<Record<string, string>>;
  onOpenIteration: (stepId: string, iteration: number) => void;
  onOpenSettings: () => void;
  /** The usage client; the app's own by default (tests pass one over a fetch double). */
  usageApi?: UsageApi;
  /** Changes when the workspace's prices do: the costs are asked again. */
  pricingKey?: unknown;
};

const defaultUsageApi = createUsageApi();
const LIVE_TICK_MS = 2000;

/**
 * A run on one time axis (issue 21): steps, orchestrator iterations, delegations, questions to a
 * human and pauses as bars, their tokens and cost on hover, the run's totals above and its most
 * expensive todos beside.
 */
export function RunTimeline({ runId, events, live, titles, onOpenIteration, onOpenSettings, usageApi = defaultUsageApi, pricingKey }: RunTimelineProps) {
  const lastSeq = events.length > 0 ? events[events.length - 1]!.seq : 0;
  const { usage, error } = useRunUsage(usageApi, runId, lastSeq, pricingKey);
  // A live run's open bars (a question nobody answered yet) grow up to now, a tick every 2 s.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!live) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, LIVE_TICK_MS);
    return () => clearInterval(timer);
  }, [live]);
  const timeline = useMemo(
    () => deriveTimeline(events, { ...(titles ? { titles } : {}), ...(live && now !== null ? { now } : {}) }),
    [events, titles, live, now],
  );
  const usageIndex = useMemo(() => new BarUsageIndex(events, usage), [events, usage]);
  const todoTitles = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of events) if (isEvent(e, 'todo_task_item_created')) map.set(e.data.todo_id, e.data.title);
    return map;
  }, [events]);
  const iterations = timeline.bars.filter((b) => b.kind === 'iteration').length;
  const label =
    `Run timeline: ${timeline.bars.length} bars in ${timeline.lanes.length} lanes over ${formatDuration(timeline.end - timeline.start)}` +
    `${iterations ? `, ${iterations} orchestrator iterations` : ''}${usage ? `, ${usage.total.inputTokens} input and ${usage.total.outputTokens} output tokens` : ''}` +
    `${usage && usage.total.simulatedCalls > 0 ? ' (simulated)' : ''}. Arrow keys move between bars, Enter opens an iteration, plus and minus zoom, 0 shows the whole run.`;

  return (
    <div className="pv-run-timeline" data-testid="run-timeline">
      <UsageSummaryBar total={usage?.total ?? null} error={error} onOpenSettings={onOpenSettings} />
      <div className="pv-run-timeline__body">
        <div className="pv-run-timeline__main">
          {timeline.bars.length === 0 ? (
            <p className="pv-muted pv-run-timeline__empty">No steps have run yet.</p>
          ) : (
            <TimelineCanvas timeline={timeline} usage={usageIndex} onOpenIteration={onOpenIteration} label={label} />
          )}
          <Legend />
        </div>
        <ExpensiveTodos usage={usage} titles={todoTitles} />
      </div>
    </div>
  );
}

const LEGEND: Array<[string, string]> = [
  ['--pv-kind-regular', 'Step (colour of its kind)'],
  ['--pv-kind-orchestrator', 'Orchestrator iteration'],
  ['--pv-kind-sub_agent', 'Delegation'],
  ['--pv-kind-human_input', 'Waiting for a human'],
  ['--pv-status-evaluating', 'Paused'],
  ['--pv-status-failed', 'Failed'],
];

function Legend() {
  return (
    <ul className="pv-run-timeline__legend" aria-label="Legend">
      {LEGEND.map(([token, text]) => (
        <li key={token}>
          <span className="pv-run-timeline__swatch" style={{ background: `var(${token})` }} aria-hidden />
          {text}
        </li>
      ))}
      <li>
        <span className="pv-run-timeline__swatch pv-run-timeline__swatch--open" aria-hidden />
        Running
      </li>
      <li className="pv-muted">Wheel: zoom · drag: pan · 0: whole run</li>
    </ul>
  );
}

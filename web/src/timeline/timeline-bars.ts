import { isEvent, type PlanvasEvent } from '@planvas/shared';

/** What a bar stands for: a top-level step, one orchestrator turn, a sub-agent's delegation, a question to a human, a pause of the run. */
export type BarKind = 'step' | 'iteration' | 'delegation' | 'wait' | 'pause';
export type BarStatus = 'running' | 'completed' | 'failed' | 'cancelled';

export interface TimelineBar {
  kind: BarKind;
  lane: number;
  /** Epoch ms. */
  start: number;
  end: number;
  /** Still going when the events end (drawn up to the last event's time, or "now" while live). */
  open: boolean;
  status: BarStatus;
  label: string;
  stepId: string;
  // Optional fields are always present (maybe undefined): every bar has one shape, which keeps a
  // 10,000-bar run's derivation fast (monomorphic property access, no copies).
  /** The step's kind (`todo_task`, `regular`…) for a step bar; colours by kind. */
  stepType?: string | undefined;
  iteration?: number | undefined;
  todoId?: string | undefined;
  routeId?: string | undefined;
  /** The sub-agent step of a delegation. */
  agentStepId?: string | undefined;
  /** What the orchestrator decided (delegate / complete …) and for which todo, when it is known. */
  detail?: string | undefined;
}

type BarExtras = Pick<TimelineBar, 'stepType' | 'iteration' | 'todoId' | 'routeId' | 'agentStepId'>;

export type LaneKind = 'run' | 'step' | 'iterations' | 'delegations' | 'wait';

export interface TimelineLane {
  key: string;
  kind: LaneKind;
  label: string;
  /** 0 for the run and steps, 1 for a step's iterations, delegations and waits. */
  depth: 0 | 1;
}

export interface RunTimeline {
  lanes: TimelineLane[];
  bars: TimelineBar[];
  /** Epoch ms of the first and the last event (bounds of the time axis). */
  start: number;
  end: number;
}

/** One lane group per top-level step, in the order steps first ran; the step's own lane first. */
type LaneGroup = { lane: TimelineLane; children: Map<string, TimelineLane> };

const TERMINAL_RUN = new Set(['completed', 'failed', 'cancelled']);

/**
 * The bars of a run's time line, from its events in seq order: steps (running → completed or
 * failed), a todo_task's orchestrator turns (from one `orchestrating` status, or decision for an
 * imported log, to the next, or to the step's evaluation), delegations (a sub-agent step's
 * `executing` → end, with `parent_step_id`), questions to a human (asked → answered) and pauses
 * (`paused` → `running`). Bars still open at the last event end at `now` (a live run) or at the last
 * event with the run's own end status.
 */
export function deriveTimeline(events: ReadonlyArray<PlanvasEvent>, options: { titles?: Readonly<Record<string, string>>; now?: number } = {}): RunTimeline {
  const titles = options.titles ?? {};
  const groups = new Map<string, LaneGroup>();
  let runLane: TimelineLane | null = null;
  const bars: TimelineBar[] = [];
  /** The lane of each bar (by position in `bars`), numbered once all lanes are known. */
  const barLanes: TimelineLane[] = [];
  const openSteps = new Map<string, TimelineBar>();
  const openIterations = new Map<string, TimelineBar>();
  const seenIterations = new Map<string, TimelineBar>();
  const openDelegations = new Map<string, TimelineBar>();
  const openWaits = new Map<string, TimelineBar>();
  let openPause: TimelineBar | null = null;
  let first = Number.NaN;
  let last = Number.NaN;
  let runEnd: BarStatus | null = null;

  const groupOf = (stepId: string): LaneGroup => {
    let group = groups.get(stepId);
    if (!group) {
      group = { lane: { key: `step:${stepId}`, kind: 'step', label: titles[stepId] ?? stepId, depth: 0 }, children: new Map() };
      groups.set(stepId, group);
    }
    return group;
  };
  const childLane = (stepId: string, key: string, kind: LaneKind, label: string): TimelineLane => {
    const group = groupOf(stepId);
    let lane = group.children.get(key);
    if (!lane) {
      lane = { key: `${kind}:${stepId}:${key}`, kind, label, depth: 1 };
      group.children.set(key, lane);
    }
    return lane;
  };
  const open = (laneRef: TimelineLane, kind: BarKind, start: number, label: string, stepId: string, extras?: BarExtras): TimelineBar => {
    const bar: TimelineBar = {
      kind,
      lane: -1,
      start,
      end: start,
      open: true,
      status: 'running',
      label,
      stepId,
      stepType: extras?.stepType,
      iteration: extras?.iteration,
      todoId: extras?.todoId,
      routeId: extras?.routeId,
      agentStepId: extras?.agentStepId,
      detail: undefined,
    };
    bars.push(bar);
    barLanes.push(laneRef);
    return bar;
  };
  const close = (bar: TimelineBar | undefined | null, at: number, status: BarStatus) => {
    if (!bar || !bar.open) return;
    bar.end = Math.max(bar.start, at);
    bar.open = false;
    bar.status = status;
  };
  const closeIteration = (stepId: string, at: number, status: BarStatus = 'completed') => {
    close(openIterations.get(stepId), at, status);
    openIterations.delete(stepId);
  };
  const startIteration = (stepId: string, iteration: number, at: number) => {
    const key = `${stepId}\u0000${iteration}`;
    if (openIterations.get(stepId)?.iteration === iteration || seenIterations.has(key)) return seenIterations.get(key);
    closeIteration(stepId, at);
    const bar = open(childLane(stepId, 'iterations', 'iterations', 'Iterations'), 'iteration', at, `Iteration ${iteration}`, stepId, { iteration });
    openIterations.set(stepId, bar);
    seenIterations.set(key, bar);
    return bar;
  };

  for (const event of events) {
    const at = Date.parse(event.timestamp);
    if (Number.isNaN(at)) continue;
    if (Number.isNaN(first)) first = at;
    last = Math.max(Number.isNaN(last) ? at : last, at);

    if (isEvent(event, 'run_status')) {
      const status = event.data.status;
      if (status === 'paused' && !openPause) {
        runLane ??= { key: 'run', kind: 'run', label: 'Run pauses', depth: 0 };
        const where = event.data.step_id ? ` at ${titles[event.data.step_id] ?? event.data.step_id}` : '';
        openPause = open(runLane, 'pause', at, `Paused${where}`, event.data.step_id ?? '');
      } else if (status !== 'paused' && openPause) {
        close(openPause, at, 'completed');
        openPause = null;
      }
      if (TERMINAL_RUN.has(status)) runEnd = status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'cancelled';
    } else if (isEvent(event, 'step_status')) {
      const d = event.data;
      if (d.carried_over_from || d.status === 'pending') continue;
      if (d.parent_step_id) {
        const key = `${d.step_id}\u0000${d.parent_step_id}\u0000${d.iteration ?? ''}\u0000${d.todo_id ?? ''}`;
        if (d.status === 'completed' || d.status === 'failed') {
          close(openDelegations.get(key), at, d.status);
          openDelegations.delete(key);
        } else if (!openDelegations.has(key)) {
          const route = d.route_id ?? d.step_id;
          const lane = childLane(
            d.parent_step_id,
            `route:${route}`,
            'delegations',
            `→ ${route === 'generic' ? 'generic agent' : (titles[d.step_id] ?? route)}`,
          );
          const label = `${titles[d.step_id] ?? d.step_id}${d.iteration ? ` · iteration ${d.iteration}` : ''}`;
          const bar = open(lane, 'delegation', at, label, d.parent_step_id, {
            agentStepId: d.step_id,
            iteration: d.iteration ?? undefined,
            todoId: d.todo_id ?? undefined,
            routeId: d.route_id ?? undefined,
          });
          openDelegations.set(key, bar);
        }
        continue;
      }
      if (!openSteps.has(d.step_id) && d.status !== 'completed' && d.status !== 'failed') {
        const group = groupOf(d.step_id);
        openSteps.set(d.step_id, open(group.lane, 'step', at, group.lane.label, d.step_id, { stepType: d.step_type ?? undefined }));
      }
      if (d.status === 'orchestrating' && d.iteration != null) startIteration(d.step_id, d.iteration, at);
      else if (d.status === 'evaluating') closeIteration(d.step_id, at);
      else if (d.status === 'completed' || d.status === 'failed') {
        closeIteration(d.step_id, at, d.status);
        close(openSteps.get(d.step_id), at, d.status);
        openSteps.delete(d.step_id);
      }
    } else if (isEvent(event, 'todo_task_route_selected')) {
      const d = event.data;
      // An imported decision log has no statuses: its decisions mark the turns.
      const bar = startIteration(d.step_id, d.iteration ?? 1, at);
      if (bar) bar.detail = d.todo_title ? `${d.next_action} · ${d.todo_title}` : d.next_action;
    } else if (isEvent(event, 'human_input_requested')) {
      const d = event.data;
      if (!openWaits.has(d.step_id)) {
        const lane = childLane(d.step_id, 'wait', 'wait', 'Waiting for an answer');
        openWaits.set(d.step_id, open(lane, 'wait', at, `Question: ${d.question}`, d.step_id));
      }
    } else if (isEvent(event, 'human_input_answered')) {
      close(openWaits.get(event.data.step_id), at, 'completed');
      openWaits.delete(event.data.step_id);
    }
  }

  if (Number.isNaN(first)) return { lanes: [], bars: [], start: 0, end: 0 };
  // A live run's open bars grow up to now; an ended run's stop at its last event.
  const endOpen = runEnd === null && options.now !== undefined ? Math.max(last, options.now) : last;
  for (const bar of bars) {
    if (!bar.open) continue;
    bar.end = Math.max(bar.start, endOpen);
    // The run ended with the bar still open: it ends as the run did.
    if (runEnd !== null) close(bar, bar.end, runEnd);
  }

  const lanes: TimelineLane[] = [];
  if (runLane) lanes.push(runLane);
  for (const group of groups.values()) lanes.push(group.lane, ...group.children.values());
  const laneIndex = new Map(lanes.map((lane, i) => [lane, i]));
  bars.forEach((bar, i) => (bar.lane = laneIndex.get(barLanes[i]!) ?? 0));
  return { lanes, bars, start: first, end: Math.max(endOpen, first + 1) };
}

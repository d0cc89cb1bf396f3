import { END, isEvent, statusNodeId, type PlanvasEvent, type StepStatus, type StepStatusChanged } from '@planvas/shared';
import { END_NODE_ID, START_NODE_ID } from '../flow/node-data';

/**
 * The path the followed run took through the canvas, folded from its events: how many times each
 * node started (a step run again by a loop, a sub-agent route used by several todos) and which
 * edges the flow went along. The shared run-state fold keeps only each node's latest status; this
 * keeps the order, which the canvas needs to light up the edges taken.
 */
export type RunTrail = {
  /** Node id -> how many times it started in this run (absent: never). */
  readonly runs: Readonly<Record<string, number>>;
  /** Flow moves `source`, handle, `target` (node ids; handle `*` when the run did not say). */
  readonly moves: ReadonlySet<string>;
  /** Delegations `parent`, route id: the route edge into that sub-agent was taken. */
  readonly delegations: ReadonlySet<string>;
};

export const EMPTY_TRAIL: RunTrail = { runs: {}, moves: new Set(), delegations: new Set() };

const ANY_HANDLE = '*';
const moveKey = (source: string, handle: string, target: string) => `${source}\u0001${handle}\u0001${target}`;
const delegationKey = (parent: string, route: string) => `${parent}\u0001${route}`;
/** Statuses during which a node is doing work; entering one from any other is a start. */
const ACTIVE: ReadonlySet<string> = new Set<StepStatus>(['running', 'executing', 'evaluating', 'orchestrating']);

/** An edge as the trail matches it (a CanvasEdge has these). */
export type TrailEdge = { source: string; target: string; sourceHandle?: string | null; data: { kind: string } };

/** Whether the run went along `edge`. */
export function edgeTaken(edge: TrailEdge, trail: RunTrail): boolean {
  const { source, target } = edge;
  switch (edge.data.kind) {
    case 'sub_agent':
      return trail.delegations.has(delegationKey(source, edge.sourceHandle ?? ''));
    case 'return':
      // A sub-agent goes back to its parent each time it ran.
      return (trail.runs[source] ?? 0) > 0;
    default:
      return trail.moves.has(moveKey(source, edge.sourceHandle ?? ANY_HANDLE, target)) || trail.moves.has(moveKey(source, ANY_HANDLE, target));
  }
}

/** The fold's working state; mutated as events come, copied into a RunTrail when something changed. */
class TrailDraft {
  private readonly statuses = new Map<string, string>();
  readonly runs: Record<string, number> = {};
  readonly moves = new Set<string>();
  readonly delegations = new Set<string>();
  /** The top-level step that started last, and the branch each step chose last (handle, target node). */
  private lastTop: string | null = null;
  private readonly chosen = new Map<string, { handle: string; target: string }>();
  changed = false;

  apply(event: PlanvasEvent): void {
    if (isEvent(event, 'step_status')) this.status(event.data);
    else if (isEvent(event, 'branch_taken') || isEvent(event, 'human_input_answered')) this.choice(event.data);
    else if (isEvent(event, 'run_status') && event.data.status === 'completed' && this.lastTop !== null) {
      const choice = this.chosen.get(this.lastTop);
      this.move(this.lastTop, choice?.target === END_NODE_ID ? choice.handle : ANY_HANDLE, END_NODE_ID);
    }
  }

  private status(data: StepStatusChanged): void {
    const { status } = data;
    const nodeId = statusNodeId(data);
    if (!nodeId) return;
    const before = this.statuses.get(nodeId);
    this.statuses.set(nodeId, status);
    // A status that only says more about the same start (running -> executing) is not a new start.
    if (!ACTIVE.has(status) || (before !== undefined && ACTIVE.has(before))) return;
    this.runs[nodeId] = (this.runs[nodeId] ?? 0) + 1;
    this.changed = true;
    const parent = typeof data.parent_step_id === 'string' && data.parent_step_id !== '' ? data.parent_step_id : undefined;
    const route = typeof data.route_id === 'string' && data.route_id !== '' ? data.route_id : undefined;
    if (parent && route) {
      this.add(this.delegations, delegationKey(parent, route));
      return;
    }
    // The flow went from the step that started before to this one, by the branch it chose if it said.
    if (this.lastTop === null) this.move(START_NODE_ID, ANY_HANDLE, nodeId);
    else {
      const choice = this.chosen.get(this.lastTop);
      this.move(this.lastTop, choice?.target === nodeId ? choice.handle : ANY_HANDLE, nodeId);
    }
    this.lastTop = nodeId;
  }

  private choice(data: { step_id: string; handle?: string | null | undefined; next_step_id?: string | null | undefined }): void {
    if (!data.handle || !data.next_step_id) return;
    const target = data.next_step_id === END ? END_NODE_ID : data.next_step_id;
    this.chosen.set(data.step_id, { handle: data.handle, target });
    // The run ends there: no later start names the move.
    if (target === END_NODE_ID) this.move(data.step_id, data.handle, END_NODE_ID);
  }

  private move(source: string, handle: string, target: string): void {
    this.add(this.moves, moveKey(source, handle, target));
  }

  private add(set: Set<string>, key: string): void {
    if (set.has(key)) return;
    set.add(key);
    this.changed = true;
  }

  snapshot(): RunTrail {
    this.changed = false;
    return { runs: { ...this.runs }, moves: new Set(this.moves), delegations: new Set(this.delegations) };
  }
}

type Folded = { events: readonly PlanvasEvent[]; draft: TrailDraft; trail: RunTrail };
let last: Folded | null = null;

/**
 * The trail of a run's events (in seq order). The followed run's events only grow, so the last
 * result is kept and only the events added since are folded; the same trail object comes back
 * while nothing it holds changed, so selectors on it stay stable.
 */
export function runTrailOf(events: readonly PlanvasEvent[]): RunTrail {
  if (events.length === 0) return EMPTY_TRAIL;
  if (last?.events === events) return last.trail;
  const grown = last !== null && last.events.length > 0 && last.events.length <= events.length && events[last.events.length - 1] === last.events.at(-1);
  const draft = grown ? last!.draft : new TrailDraft();
  for (let i = grown ? last!.events.length : 0; i < events.length; i++) draft.apply(events[i]!);
  const trail = draft.changed || !grown ? draft.snapshot() : last!.trail;
  last = { events, draft, trail };
  return trail;
}

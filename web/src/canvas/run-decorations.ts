import { stepTodoCounts } from '@planvas/shared';
import type { CanvasEdge } from '../flow/edge-data';
import type { CanvasNode } from '../flow/node-data';
import type { NodeStatus } from '../flow/node-status';
import type { AppState } from '../store/app-state';
import type { StepTodos } from '../store/run-events/run-derive';
import { runRef } from '../store/run-events/run-labels';
import { nodeRunStatuses, type NodeRunStatuses } from './run-node-statuses';

/** The part of the followed run the canvas draws. */
export type RunDecor = {
  /** Node id -> the status drawn (run-node-statuses.ts: the events' statuses plus waiting and skipped). */
  statuses: Readonly<Record<string, NodeStatus>>;
  /** Node id -> what the status' tooltip adds: the run it is carried over from, why it was skipped. */
  notes: Readonly<Record<string, string>>;
  todos: Readonly<Record<string, StepTodos>>;
  /** Sub-agent node being delegated to right now. */
  activeNodeId: string | null;
};

// The inputs of the last statuses worked out, so a selector run per store change hands back the
// same objects until one of them changes (the canvas then re-renders nothing).
let lastInputs: readonly unknown[] = [];
let lastStatuses: NodeRunStatuses = { statuses: {}, notes: {} };

function statusesOf(s: AppState): NodeRunStatuses {
  const fold = s.run.fold;
  const plan = s.document?.plan ?? null;
  const inputs = [plan, fold.stepStatuses, fold.carriedOver, fold.status, fold.currentStepId, fold.waitingInput, s.runs];
  if (inputs.length !== lastInputs.length || inputs.some((input, i) => input !== lastInputs[i])) {
    lastStatuses = nodeRunStatuses(plan, fold, (runId) => runRef(runId, s.runs));
    lastInputs = inputs;
  }
  return lastStatuses;
}

/** The followed run as the canvas draws it; use with `useShallow` (each field keeps its identity until it changes). */
export function runDecorOf(s: AppState): RunDecor {
  const { statuses, notes } = statusesOf(s);
  return { statuses, notes, todos: s.run.todosByStep, activeNodeId: s.run.activeDelegation?.nodeId ?? null };
}

type LiveData = { status?: NodeStatus; statusNote?: string; progress?: { completed: number; total: number }; iteration?: number };

/**
 * The node with the run's status (with its note, see RunDecor), and, for a todo orchestrator, its
 * todo counts (`stepTodoCounts`: leaf todos, as every other count shows them) and current
 * iteration. Returns the very same node when nothing it shows changed, so React Flow re-renders
 * only the nodes a batch of events touched.
 */
export function withRunState(node: CanvasNode, decor: RunDecor): CanvasNode {
  if (node.type === 'start' || node.type === 'end') return node;
  const data = node.data as LiveData;
  const status = decor.statuses[node.id];
  const statusNote = decor.notes[node.id];
  let progress: LiveData['progress'];
  let iteration: number | undefined;
  // Every kind that runs the todo orchestrator (todo_task, orchestrator, agent) keeps a todo list.
  if (node.type === 'todo_task' || node.type === 'orchestrator' || node.type === 'agent') {
    const todos = decor.todos[node.data.step.id];
    if (todos) {
      const counts = stepTodoCounts(todos);
      if (counts && counts.total > 0) progress = counts;
      if (todos.iteration > 0) iteration = todos.iteration;
    }
  }
  const sameProgress = data.progress?.completed === progress?.completed && data.progress?.total === progress?.total;
  if (data.status === status && data.statusNote === statusNote && sameProgress && data.iteration === iteration) return node;
  const next: Record<string, unknown> = { ...node.data };
  for (const [key, value] of [
    ['status', status],
    ['statusNote', statusNote],
    ['progress', progress],
    ['iteration', iteration],
  ] as const) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return { ...node, data: next } as CanvasNode;
}

/** `withRunState` over a list; the same array back when no node changed. */
export function withRunStates(nodes: CanvasNode[], decor: RunDecor): CanvasNode[] {
  let changed = false;
  const next = nodes.map((node) => {
    const decorated = withRunState(node, decor);
    if (decorated !== node) changed = true;
    return decorated;
  });
  return changed ? next : nodes;
}

/** The route edge into the sub-agent being delegated to, and its return edge, drawn active. */
export function withActiveDelegation(edges: CanvasEdge[], activeNodeId: string | null): CanvasEdge[] {
  if (!activeNodeId) return edges;
  return edges.map((edge) => {
    const active = (edge.data.kind === 'sub_agent' && edge.target === activeNodeId) || (edge.data.kind === 'return' && edge.source === activeNodeId);
    return active ? { ...edge, animated: true, className: `${edge.className ?? ''} is-active`.trim() } : edge;
  });
}

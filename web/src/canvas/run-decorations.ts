import { todoProgress } from '@planvas/shared';
import type { CanvasEdge } from '../flow/edge-data';
import type { CanvasNode } from '../flow/node-data';
import type { NodeStatus } from '../flow/node-status';
import type { StepTodos } from '../store/run-events/run-derive';

/** The part of the followed run the canvas draws. */
export type RunDecor = {
  statuses: Readonly<Record<string, NodeStatus>>;
  /** Node id -> the run its status is carried over from (see RunDerived). */
  carriedOver: Readonly<Record<string, string>>;
  todos: Readonly<Record<string, StepTodos>>;
  /** Sub-agent node being delegated to right now. */
  activeNodeId: string | null;
};

type LiveData = { status?: NodeStatus; statusNote?: string; progress?: { completed: number; total: number }; iteration?: number };

/**
 * The node with the run's status (with a note when it is carried over from a parent run), and, for a todo orchestrator, its leaf progress and current
 * iteration). Returns the very same node when nothing it shows changed, so React Flow re-renders
 * only the nodes a batch of events touched.
 */
export function withRunState(node: CanvasNode, decor: RunDecor): CanvasNode {
  if (node.type === 'start' || node.type === 'end') return node;
  const data = node.data as LiveData;
  const status = decor.statuses[node.id];
  const from = decor.carriedOver[node.id];
  const statusNote = from !== undefined ? `carried over from run ${from}` : undefined;
  let progress: LiveData['progress'];
  let iteration: number | undefined;
  // Every kind that runs the todo orchestrator (todo_task, orchestrator, agent) keeps a todo list.
  if (node.type === 'todo_task' || node.type === 'orchestrator' || node.type === 'agent') {
    const todos = decor.todos[node.data.step.id];
    if (todos) {
      const p = todoProgress(todos.todos);
      if (p.total > 0) progress = { completed: p.completed, total: p.total };
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

/**
 * What a node shows while a run goes on (docs/formats.md "Canvas conventions": pending, running,
 * executing, evaluating, orchestrating, completed, failed), plus two the canvas derives from the run
 * (canvas/run-node-statuses.ts): `waiting`, a human_input step whose question is open, `paused`,
 * the todo_task step a run stopped in at a breakpoint (docs/api.md "Breakpoints and step mode"), and
 * `skipped`, a pending step the run has gone past (a branch not taken, or the run ended first).
 * Keyed by node id, so a sub-agent node has a status of its own.
 */
export const NODE_STATUSES = ['pending', 'running', 'executing', 'evaluating', 'orchestrating', 'waiting', 'paused', 'completed', 'failed', 'skipped'] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];
export type StatusMap = Readonly<Record<string, NodeStatus>>;

/** Statuses during which the step is doing work (drawn with a moving accent). */
export const ACTIVE_STATUSES: ReadonlySet<NodeStatus> = new Set(['running', 'executing', 'evaluating', 'orchestrating']);

export const STATUS_LABELS: Record<NodeStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  executing: 'Executing',
  evaluating: 'Evaluating',
  orchestrating: 'Orchestrating',
  waiting: 'Waiting',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
  skipped: 'Skipped',
};

import { asKnownStep, checkConnection, findStep, routesOf, type Connection, type Plan } from '@planvas/shared';
import { GENERIC_HANDLE } from './kind-parts/route-outputs';
import { nodeTargetOf } from './node-targets';

/** A connection as React Flow reports it: node ids and handle ids. */
export type CanvasConnection = { source: string; sourceHandle?: string | null; target: string; targetHandle?: string | null };

export type PlannedConnection = { ok: true; connection: Connection } | { ok: false; reason: string };

/** Where every flow target lands on a node (the `in` handle; the end node's is `in` too). */
const INPUT_HANDLE = 'in';

/**
 * A canvas connection -> the plan connection it means, or why it cannot be one. The plan's own
 * rules (shared `checkConnection`) decide for steps; the canvas-only cases (start, end, the generic
 * agent, delegation handles, dropping onto an output) are worded here.
 */
export function planCanvasConnection(plan: Plan, c: CanvasConnection): PlannedConnection {
  const from = nodeTargetOf(plan, c.source);
  const to = nodeTargetOf(plan, c.target);
  const handle = c.sourceHandle ?? '';
  if (!from || !to) return refuse('that node is no longer part of the plan');
  if (from.kind === 'start') return refuse('the workflow always starts with the first step of the list; connect from a step’s output instead');
  if (from.kind === 'end') return refuse('End has no outputs');
  if (from.kind === 'generic') return refuse('the generic agent returns to its todo_task: it has no flow outputs');
  if (from.kind === 'step') {
    const step = findStep(plan, from.stepId)?.step;
    const routes = step ? routesOf(step) : undefined;
    if (routes && (routes.routes.some((r) => r.route_id === handle) || (handle === GENERIC_HANDLE && asKnownStep(step!)?.type === 'todo_task'))) {
      return refuse(`"${handle}" delegates to its own sub-agent; drag from the Next output to choose where the flow continues`);
    }
  }
  if (to.kind === 'start') return refuse('Start is not a step: the first step of the list runs first');
  if (to.kind === 'generic') return refuse('the generic agent runs only from its todo_task');
  // A sub-agent is refused by the plan's own rule (any of its handles), with the plan's reason.
  if (to.kind !== 'sub_agent' && (c.targetHandle ?? INPUT_HANDLE) !== INPUT_HANDLE) return refuse('connect an output to the input of a step (or to End)');
  const source = from.kind === 'step' || from.kind === 'sub_agent' ? from.stepId : '';
  const target = to.kind === 'end' ? 'end' : to.stepId;
  const connection: Connection = { source, sourceHandle: handle, target };
  const failure = checkConnection(plan, connection);
  return failure ? refuse(failure.reason) : { ok: true, connection };
}

function refuse(reason: string): PlannedConnection {
  return { ok: false, reason };
}

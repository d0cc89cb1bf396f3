import type { Plan } from '@planvas/shared';
import type { CanvasNode, NodeKind, NodeOfKind } from '../flow/node-data';
import type { StatusMap } from '../flow/node-status';
import { planToFlow } from '../flow/plan-to-flow';
import { loadFixturePlan } from './fixtures';

/** A node of the demo plan (or of `plan`), as the canvas builds it. */
export function fixtureNode<K extends NodeKind>(kind: K, id: string, options: { plan?: Plan; workflow?: string; statuses?: StatusMap } = {}): NodeOfKind<K> {
  const plan = options.plan ?? loadFixturePlan(options.workflow ?? 'Workflow/ResearchReport').plan;
  const node = planToFlow(plan, options.statuses ? { statuses: options.statuses } : {}).nodes.find((n: CanvasNode) => n.id === id);
  if (!node || node.type !== kind) throw new Error(`no ${kind} node ${id} (found ${node?.type ?? 'nothing'})`);
  return node as NodeOfKind<K>;
}

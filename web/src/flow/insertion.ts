import { findStep, type InsertAt, type Plan } from '@planvas/shared';
import { nodeTargetOf } from './node-targets';

/**
 * Where a step added from the palette goes: right after the selected step in its own list (main
 * list or a branch, so it continues that step's flow), else at the end of the main list.
 */
export function insertionAfterSelection(plan: Plan, selectedNodeId: string | null): InsertAt {
  if (selectedNodeId === null) return {};
  const target = nodeTargetOf(plan, selectedNodeId);
  if (target?.kind !== 'step') return {};
  const visit = findStep(plan, target.stepId);
  return visit && (visit.scope === 'main' || visit.scope === 'branch') ? { after: target.stepId } : {};
}

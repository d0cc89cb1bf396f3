import { CornerDownLeft } from 'lucide-react';

/** Marks a step nested in a conditional branch, or one parked in `orphan_steps`. */
export function ScopeChip({
  scope,
  branchOf,
}: {
  scope: 'main' | 'branch' | 'orphan';
  branchOf?: { conditionalId: string; branch: 'true' | 'false' } | undefined;
}) {
  if (scope === 'orphan') {
    return (
      <span className="pv-chip pv-chip--muted" title="In orphan_steps: not part of the flow">
        orphan
      </span>
    );
  }
  if (!branchOf) return null;
  return (
    <span
      className={`pv-chip pv-chip--branch-${branchOf.branch}`}
      title={`Runs in the ${branchOf.branch === 'true' ? 'Yes' : 'No'} branch of ${branchOf.conditionalId}`}
    >
      <CornerDownLeft size={11} aria-hidden />
      {branchOf.branch === 'true' ? 'Yes' : 'No'} branch
    </span>
  );
}

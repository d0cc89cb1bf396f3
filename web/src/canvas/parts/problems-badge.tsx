import { TriangleExclamationPoint } from 'lucide-react';
import type { Problem } from '@planvas/shared';

/** Marks a node that the graph checks complain about; the problems list says more. */
export function ProblemsBadge({ problems }: { problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  const severity = problems.some((p) => p.severity === 'error') ? 'error' : 'warning';
  return (
    <span
      className={`pv-problems-badge pv-problems-badge--${severity}`}
      data-testid="problems-badge"
      title={problems.map((p) => p.message).join('\n')}
      aria-label={`${problems.length} problem${problems.length === 1 ? '' : 's'}`}
    >
      <TriangleExclamationPoint size={12} aria-hidden />
      {problems.length}
    </span>
  );
}

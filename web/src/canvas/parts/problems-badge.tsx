import { Info, TriangleExclamationPoint } from 'lucide-react';
import type { Problem } from '@planvas/shared';

/** Marks a node that the graph checks complain about; the problems list says more. */
export function ProblemsBadge({ problems }: { problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  // Notices (a retired or renamed kind) take the quiet style: nothing is wrong for the file's runtime.
  const severity = problems.some((p) => p.severity === 'error') ? 'error' : problems.some((p) => p.severity === 'warning') ? 'warning' : 'info';
  const Icon = severity === 'info' ? Info : TriangleExclamationPoint;
  return (
    <span
      className={`pv-problems-badge pv-problems-badge--${severity}`}
      data-testid="problems-badge"
      title={problems.map((p) => p.message).join('\n')}
      aria-label={`${problems.length} problem${problems.length === 1 ? '' : 's'}`}
    >
      <Icon size={12} aria-hidden />
      {problems.length}
    </span>
  );
}

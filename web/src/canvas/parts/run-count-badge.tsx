import { useNodeId } from '@xyflow/react';
import { useAppStore } from '../../store/store-context';
import { runTrailOf } from '../run-trail';

/**
 * How many times the node this is rendered in started in the followed run (0 without a run). Read
 * per node from the run's trail, so a node re-renders when its own count changes.
 */
export function useRunCount(): number {
  const id = useNodeId();
  return useAppStore((s) => (id !== null && s.followedRunId !== null ? (runTrailOf(s.runEvents).runs[id] ?? 0) : 0));
}

/** "×3" on a step that ran more than once in the run (a loop, a route several todos used). */
export function RunCountBadge({ count }: { count: number }) {
  if (count < 2) return null;
  const label = `Ran ${count} times in this run`;
  return (
    <span className="pv-run-count" data-testid="run-count" data-count={count} title={label} aria-label={label} role="img">
      ×{count}
    </span>
  );
}

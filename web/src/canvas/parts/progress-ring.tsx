/** Share of completed todos as a ring; drawn only once a run reports progress. */
export function ProgressRing({ progress }: { progress?: { completed: number; total: number } | undefined }) {
  if (!progress || progress.total <= 0) return null;
  const ratio = Math.min(1, Math.max(0, progress.completed / progress.total));
  const r = 9;
  const circumference = 2 * Math.PI * r;
  return (
    <span className="pv-progress" data-testid="progress-ring" title={`${progress.completed} of ${progress.total} todos done`}>
      <svg width={22} height={22} viewBox="0 0 22 22" aria-hidden>
        <circle cx={11} cy={11} r={r} className="pv-progress__track" />
        <circle
          cx={11}
          cy={11}
          r={r}
          className="pv-progress__bar"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - ratio)}
          transform="rotate(-90 11 11)"
        />
      </svg>
      {progress.completed}/{progress.total}
    </span>
  );
}

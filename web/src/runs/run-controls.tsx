import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/shallow';
import { CircleStop, GitBranch, Play, ScrollText } from 'lucide-react';
import { isFinalRunStatus, type ExecutionProvider, type RunSummary } from '@planvas/shared';
import { formatDuration, formatRunStart, RunStatusChip, shortRunId } from './run-format';
import { useRunStore } from './use-run-store';
import './run-controls.css';

/** Pace choices of the scripted provider; '' leaves the server's watchable demo pace. */
const PACES: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Demo pace' },
  { value: '0', label: 'No delay' },
  { value: '300', label: 'Fast (0.3 s)' },
  { value: '1500', label: 'Slow (1.5 s)' },
];

export type RunControlsProps = {
  /** Opens the execution-logs popup for the whole run (the toolbar's entry point). */
  onOpenLogs?: () => void;
};

/**
 * Start / cancel a run of the open workflow, with provider and pace, and the followed run's state
 * at a glance. Lives in the toolbar.
 */
export function RunControls({ onOpenLogs }: RunControlsProps) {
  const providerId = useId();
  const paceId = useId();
  const [provider, setProvider] = useState<ExecutionProvider>('scripted');
  const [pace, setPace] = useState('');
  const [starting, setStarting] = useState(false);
  const { workflowId, status, runError } = useRunStore(
    useShallow((s) => ({
      workflowId: s.workflowId,
      status: s.run.runStatus ?? s.followedRun?.status ?? null,
      runError: s.runError,
    })),
  );
  const { startRun, cancelRun, clearRunError } = useRunStore(
    useShallow((s) => ({ startRun: s.startRun, cancelRun: s.cancelRun, clearRunError: s.clearRunError })),
  );
  const active = status !== null && !isFinalRunStatus(status);

  return (
    <div className="pv-run-controls" role="group" aria-label="Run">
      <label htmlFor={providerId} className="pv-visually-hidden">
        Provider
      </label>
      <select id={providerId} value={provider} onChange={(e) => setProvider(e.target.value as ExecutionProvider)} title="Orchestrator provider">
        <option value="scripted">Scripted</option>
        <option value="openai" title="Any OpenAI-compatible endpoint">OpenAI</option>
      </select>
      <label htmlFor={paceId} className="pv-visually-hidden">
        Pace
      </label>
      <select id={paceId} value={pace} onChange={(e) => setPace(e.target.value)} disabled={provider !== 'scripted'} title="Pace of the scripted provider">
        {PACES.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="pv-primary-button"
        data-testid="start-run"
        disabled={!workflowId || starting}
        onClick={async () => {
          setStarting(true);
          try {
            await startRun({ provider, ...(provider === 'scripted' && pace !== '' ? { paceMs: Number(pace) } : {}) });
          } finally {
            setStarting(false);
          }
        }}
      >
        <Play size={14} aria-hidden /> {starting ? 'Starting…' : 'Start run'}
      </button>
      {active ? (
        <button type="button" className="pv-button" data-testid="cancel-run" onClick={() => void cancelRun()} title="Cancel the run being followed">
          <CircleStop size={14} aria-hidden /> Cancel
        </button>
      ) : null}
      {onOpenLogs ? (
        <button type="button" className="pv-button" data-testid="open-execution-logs" onClick={onOpenLogs} title="Execution logs of the whole run">
          <ScrollText size={14} aria-hidden /> Logs
        </button>
      ) : null}
      {runError ? (
        <span role="alert" className="pv-run-controls__error">
          {runError}
          <button type="button" className="pv-link-button" onClick={clearRunError}>
            Dismiss
          </button>
        </span>
      ) : null}
    </div>
  );
}

/** The question a waiting run asks, with its options (yes/no, choices, or free text). */
export function HumanInputForm() {
  const waiting = useRunStore((s) => s.run.waitingInput ?? s.followedRun?.waitingInput ?? null);
  const status = useRunStore((s) => s.run.runStatus ?? s.followedRun?.status ?? null);
  const answerInput = useRunStore((s) => s.answerInput);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();
  if (!waiting || status !== 'waiting_input') return null;
  const send = async (answer: string | number | boolean) => {
    setSending(true);
    try {
      await answerInput(answer);
      setText('');
    } finally {
      setSending(false);
    }
  };
  const options = waiting.options ?? (waiting.responseType === 'yesno' ? ['yes', 'no'] : []);
  return (
    <form
      className="pv-human-input"
      aria-label="Answer the run's question"
      data-testid="human-input"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void send(text);
      }}
    >
      <p className="pv-human-input__question">
        <strong>{waiting.stepId}</strong> asks: {waiting.question}
      </p>
      {options.length > 0 ? (
        <div className="pv-human-input__options">
          {options.map((option, index) => (
            <button key={`${index}-${option}`} type="button" disabled={sending} onClick={() => void send(waiting.options ? index : option)}>
              {option}
            </button>
          ))}
        </div>
      ) : (
        <div className="pv-human-input__options">
          <label htmlFor={inputId} className="pv-visually-hidden">
            Answer
          </label>
          <input id={inputId} value={text} onChange={(e) => setText(e.target.value)} placeholder="Your answer" />
          <button type="submit" disabled={sending || !text.trim()}>
            Send
          </button>
        </div>
      )}
    </form>
  );
}

/** Re-renders every second while some run is going on (durations tick). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function duration(run: RunSummary, now: number): string {
  const start = Date.parse(run.startedAt);
  const end = run.endedAt ? Date.parse(run.endedAt) : isFinalRunStatus(run.status) ? Number.NaN : now;
  return formatDuration(end - start);
}

/** Runs of the open workflow, newest first; a click follows that run. */
export function RunsList() {
  const runs = useRunStore((s) => s.runs);
  const runsStatus = useRunStore((s) => s.runsStatus);
  const followedRunId = useRunStore((s) => s.followedRunId);
  const openRun = useRunStore((s) => s.openRun);
  const now = useNow(runs.some((r) => !isFinalRunStatus(r.status)));
  return (
    <section className="pv-panel pv-runs" aria-label="Runs">
      <header className="pv-panel__header">
        <h2>Runs</h2>
        {runsStatus === 'loading' && runs.length === 0 ? <span className="pv-muted">loading…</span> : null}
      </header>
      {runs.length === 0 ? (
        <p className="pv-muted">{runsStatus === 'error' ? 'Could not load the runs.' : 'No runs yet.'}</p>
      ) : (
        <ol className="pv-runs__list">
          {runs.map((run) => (
            <li key={run.id}>
              <button
                type="button"
                className="pv-runs__row"
                data-testid="run-row"
                data-run-id={run.id}
                data-status={run.status}
                aria-current={run.id === followedRunId ? 'true' : undefined}
                onClick={() => void openRun(run.id)}
                title={run.error ?? run.id}
              >
                <span className="pv-runs__line">
                  <RunStatusChip status={run.status} />
                  <span>{formatRunStart(run.startedAt)}</span>
                  <span className="pv-muted">{duration(run, now)}</span>
                </span>
                <span className="pv-runs__line pv-muted">
                  <span data-testid="run-todos">
                    todos {run.todos.completed}/{run.todos.total}
                  </span>
                  <span>{run.provider}</span>
                  {run.iteration ? <span>iteration {run.iteration}</span> : null}
                </span>
                {run.parent ? (
                  <span className="pv-runs__line pv-runs__lineage" data-testid="run-lineage">
                    <GitBranch size={12} aria-hidden /> from run {shortRunId(run.parent.runId)} @ iteration {run.parent.iteration}
                  </span>
                ) : null}
                {run.error ? <span className="pv-runs__line pv-error-text">{run.error}</span> : null}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

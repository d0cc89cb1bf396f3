import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/shallow';
import { CircleStop, FileInput, GitBranch, Play, ScrollText } from 'lucide-react';
import { isFinalRunStatus, type ExecutionProvider, type RunSummary } from '@planvas/shared';
import { formatDuration, formatRunStart, RunStatusChip, shortRunId } from './run-format';
import { followedRunStatus, useRunStore } from './use-run-store';
import './run-controls.css';

/**
 * How to run: the provider and, for the scripted one, its pace (one menu keeps the toolbar short).
 * An empty pace leaves the server's watchable demo pace.
 */
const RUN_MODES: ReadonlyArray<{ value: string; label: string; provider: ExecutionProvider; paceMs?: number }> = [
  { value: 'scripted', label: 'Scripted · demo pace', provider: 'scripted' },
  { value: 'scripted:0', label: 'Scripted · no delay', provider: 'scripted', paceMs: 0 },
  { value: 'scripted:300', label: 'Scripted · fast (0.3 s)', provider: 'scripted', paceMs: 300 },
  { value: 'scripted:1500', label: 'Scripted · slow (1.5 s)', provider: 'scripted', paceMs: 1500 },
  { value: 'openai', label: 'OpenAI-compatible', provider: 'openai' },
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
  const modeId = useId();
  const [mode, setMode] = useState(RUN_MODES[0]!.value);
  const [starting, setStarting] = useState(false);
  const { workflowId, status, runError } = useRunStore(
    useShallow((s) => ({
      workflowId: s.workflowId,
      status: followedRunStatus(s),
      runError: s.runError,
    })),
  );
  const { startRun, cancelRun, clearRunError } = useRunStore(
    useShallow((s) => ({ startRun: s.startRun, cancelRun: s.cancelRun, clearRunError: s.clearRunError })),
  );
  const active = status !== null && !isFinalRunStatus(status);

  return (
    <div className="pv-run-controls" role="group" aria-label="Run">
      <label htmlFor={modeId} className="pv-visually-hidden">
        Provider and pace
      </label>
      <select id={modeId} value={mode} onChange={(e) => setMode(e.target.value)} title="Orchestrator provider, and the pace of the scripted one">
        {RUN_MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="pv-primary-button"
        data-testid="start-run"
        title="Start a run of this workflow"
        disabled={!workflowId || starting}
        onClick={async () => {
          setStarting(true);
          try {
            const chosen = RUN_MODES.find((m) => m.value === mode) ?? RUN_MODES[0]!;
            await startRun({ provider: chosen.provider, ...(chosen.paceMs !== undefined ? { paceMs: chosen.paceMs } : {}) });
          } finally {
            setStarting(false);
          }
        }}
      >
        <Play size={14} aria-hidden /> {starting ? 'Starting…' : 'Run'}
      </button>
      {active ? (
        <button
          type="button"
          className="pv-icon-button"
          data-testid="cancel-run"
          onClick={() => void cancelRun()}
          title="Cancel the run being followed"
          aria-label="Cancel run"
        >
          <CircleStop size={15} aria-hidden />
        </button>
      ) : null}
      {onOpenLogs ? (
        <button type="button" className="pv-button" data-testid="open-execution-logs" onClick={onOpenLogs} title="Execution logs of the whole run">
          <ScrollText size={14} aria-hidden /> <span className="pv-button__label">Logs</span>
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
  const status = useRunStore(followedRunStatus);
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

const NO_STEPS: string[] = [];

/** Imports a todo_task step's decision log (written by the seed system) as a run. */
function ImportDecisionLog() {
  const steps = useRunStore(useShallow((s) => s.document?.plan?.steps.filter((step) => step.type === 'todo_task').map((step) => step.id) ?? NO_STEPS));
  const importDecisionLog = useRunStore((s) => s.importDecisionLog);
  const [stepId, setStepId] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (steps.length === 0) return null;
  const chosen = steps.includes(stepId) ? stepId : steps[0]!;
  return (
    <form
      className="pv-runs__import"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await importDecisionLog(chosen);
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor={id}>Import decision log of</label>
      <select id={id} value={chosen} onChange={(e) => setStepId(e.target.value)}>
        {steps.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <button type="submit" className="pv-link-button" disabled={busy} data-testid="import-decision-log">
        <FileInput size={12} aria-hidden /> Import
      </button>
    </form>
  );
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
      <ImportDecisionLog />
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

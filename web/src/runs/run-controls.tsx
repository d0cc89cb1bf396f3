import { useId, useState } from 'react';
import { useShallow } from 'zustand/shallow';
import { CircleStop, Play, ScrollText } from 'lucide-react';
import { isFinalRunStatus, type ExecutionProvider } from '@planvas/shared';
import { followedRunStatus, useRunStore } from './use-run-store';
import './run-controls.css';

/**
 * How to run: the provider and, for the scripted one, its pace (one menu keeps the toolbar short).
 * An empty pace leaves the server's watchable demo pace.
 */
export const RUN_MODES: ReadonlyArray<{ value: string; label: string; provider: ExecutionProvider; paceMs?: number }> = [
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
 * Start / cancel a run of the open workflow, with provider and pace. Lives in the toolbar, so it
 * holds controls only: what goes wrong is said in a toast (the store's run actions), a question
 * in the run panel and on its node, and a second start while a run is active is confirmed in a
 * dialog (run-start-confirm.tsx, mounted by the run sidebar: the toolbar is a CSS container, which
 * would hold a fixed dialog inside its own box).
 */
export function RunControls({ onOpenLogs }: RunControlsProps) {
  const modeId = useId();
  const [mode, setMode] = useState(RUN_MODES[0]!.value);
  const [starting, setStarting] = useState(false);
  const { workflowId, status } = useRunStore(useShallow((s) => ({ workflowId: s.workflowId, status: followedRunStatus(s) })));
  const { requestRun, cancelRun } = useRunStore(useShallow((s) => ({ requestRun: s.requestRun, cancelRun: s.cancelRun })));
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
        title={active ? 'Start another run of this workflow (one is active: you will be asked first)' : 'Start a run of this workflow'}
        disabled={!workflowId || starting}
        onClick={async () => {
          setStarting(true);
          try {
            const chosen = RUN_MODES.find((m) => m.value === mode) ?? RUN_MODES[0]!;
            await requestRun({ provider: chosen.provider, ...(chosen.paceMs !== undefined ? { paceMs: chosen.paceMs } : {}) });
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
    </div>
  );
}

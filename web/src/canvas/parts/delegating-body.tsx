import { Bot, FileText, Route as RouteIcon, ScrollText } from 'lucide-react';
import type { Route, SequenceItem } from '@planvas/shared';
import { useAppStore } from '../../store/store-context';
import { StepBody } from './step-body';
import { ScopeChip } from './branch-chip';
import { ContextChips } from './context-chips';
import { ItemList } from './item-list';
import { ProgressRing } from './progress-ring';

type DelegatingStep = {
  id: string;
  title?: string | null;
  description?: string | null;
  predefined_routes?: ReadonlyArray<Route> | null;
  authored_prompt?: boolean | string | null;
  system_prompt?: string | null;
  items?: ReadonlyArray<SequenceItem> | null;
  messages?: ReadonlyArray<unknown> | null;
  context_dependencies?: string[] | null;
  context_output?: string | string[] | null;
};

type DelegatingBodyData = {
  step: DelegatingStep;
  scope: 'main' | 'branch' | 'orphan';
  branchOf?: { conditionalId: string; branch: 'true' | 'false' };
  genericAgent?: boolean;
};

/**
 * The body of todo_task, orchestrator, agent and message_sequence nodes: title and description,
 * the routes and the generic agent, the prompt markers (an authored prompt, a system prompt),
 * the items in order, and the files the step reads and writes.
 */
export function DelegatingBody({ data }: { data: DelegatingBodyData }) {
  const { step } = data;
  const routes = step.predefined_routes?.length ?? 0;
  const authored = step.authored_prompt === true || (typeof step.authored_prompt === 'string' && step.authored_prompt.trim() !== '');
  const systemPrompt = step.system_prompt?.trim() ? step.system_prompt : undefined;
  return (
    <>
      <StepBody step={step} />
      <div className="pv-node__meta">
        {(routes > 0 || data.genericAgent !== undefined) && (
          <span className="pv-chip pv-chip--routes" data-testid="routes-count" title="Predefined routes (sub-agents with learning and prevalidation)">
            <RouteIcon size={11} aria-hidden />
            {routes} route{routes === 1 ? '' : 's'}
          </span>
        )}
        {data.genericAgent === true && (
          <span className="pv-chip pv-chip--generic" data-testid="generic-agent-indicator" title="The generic agent takes todos no route fits">
            <Bot size={11} aria-hidden />
            Generic agent
          </span>
        )}
        {(authored || systemPrompt) && (
          <span
            className="pv-chip pv-chip--prompt"
            data-testid="prompt-marker"
            title={systemPrompt ? `System prompt${authored ? ' (authored)' : ''}: ${systemPrompt.slice(0, 400)}` : 'The system prompt is authored'}
          >
            <FileText size={11} aria-hidden />
            {authored ? 'Authored prompt' : 'System prompt'}
          </span>
        )}
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
      <ItemList step={step} />
      <ContextChips inputs={step.context_dependencies} outputs={step.context_output} />
    </>
  );
}

/** The header items of a node that runs the todo orchestrator: iteration, todo progress, the logs button. */
export function OrchestratorHeader({
  nodeId,
  stepId,
  iteration,
  progress,
}: {
  nodeId: string;
  stepId: string;
  iteration?: number | undefined;
  progress?: { completed: number; total: number } | undefined;
}) {
  const openOverlay = useAppStore((s) => s.openOverlay);
  return (
    <>
      {iteration ? (
        <span className="pv-node__iteration" data-testid="node-iteration" title={`Orchestrator iteration ${iteration}`}>
          it. {iteration}
        </span>
      ) : null}
      <ProgressRing progress={progress} />
      <button
        type="button"
        className="pv-node__action nodrag nokey"
        data-testid="open-execution-logs"
        title="Execution logs"
        aria-label={`Execution logs of ${stepId}`}
        onClick={(event) => {
          event.stopPropagation();
          openOverlay('executionLogs', { stepId: nodeId });
        }}
      >
        <ScrollText size={13} aria-hidden />
      </button>
    </>
  );
}

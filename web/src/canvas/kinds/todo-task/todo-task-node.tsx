import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Bot, Route as RouteIcon, ScrollText } from 'lucide-react';
import { useAppStore } from '../../../store/store-context';
import type { TodoTaskNode as TodoTaskNodeType } from '../../node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { ContextChips } from '../../parts/context-chips';
import { NodeShell } from '../../parts/node-shell';
import { ProgressRing } from '../../parts/progress-ring';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { StepBody } from '../regular/step-body';
import { todoTaskDefinition } from './definition';
import { titleOf } from '../../parts/text';

/** A todo_task step (seed 001): purple, ListTodo, routes and generic agent, one handle per route. */
export const TodoTaskNode = memo(function TodoTaskNode({ id, data }: NodeProps<TodoTaskNodeType>) {
  const { size, handles } = useNodeGeometry(todoTaskDefinition, data);
  const openExecutionLogs = useAppStore((s) => s.openExecutionLogs);
  const { step } = data;
  const routes = step.predefined_routes?.length ?? 0;
  return (
    <NodeShell
      kind="todo_task"
      icon={todoTaskDefinition.icon}
      kindLabel={todoTaskDefinition.label}
      title={titleOf(step)}
      number={data.number}
      size={size}
      handles={handles}
      status={data.status} statusNote={data.statusNote}
      problems={data.problems}
      // The iteration and the todo progress take the room of the status' label.
      statusIconOnly={Boolean(data.iteration) || data.progress !== undefined}
      headerExtra={
        <>
          {data.iteration ? (
            <span className="pv-node__iteration" data-testid="node-iteration" title={`Orchestrator iteration ${data.iteration}`}>
              it. {data.iteration}
            </span>
          ) : null}
          <ProgressRing progress={data.progress} />
          <button
            type="button"
            className="pv-node__action nodrag nokey"
            data-testid="open-execution-logs"
            title="Execution logs"
            aria-label={`Execution logs of ${step.id}`}
            onClick={(event) => {
              event.stopPropagation();
              openExecutionLogs(id);
            }}
          >
            <ScrollText size={13} aria-hidden />
          </button>
        </>
      }
    >
      <StepBody step={step} />
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--routes" data-testid="routes-count" title="Predefined routes (sub-agents with learning and prevalidation)">
          <RouteIcon size={11} aria-hidden />
          {routes} route{routes === 1 ? '' : 's'}
        </span>
        {step.enable_generic_agent === true && (
          <span className="pv-chip pv-chip--generic" data-testid="generic-agent-indicator" title="The generic agent takes todos no route fits">
            <Bot size={11} aria-hidden />
            Generic agent
          </span>
        )}
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
      <ContextChips inputs={step.context_dependencies} outputs={step.context_output} />
    </NodeShell>
  );
});

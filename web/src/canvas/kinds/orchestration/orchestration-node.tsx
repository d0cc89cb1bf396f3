import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Route as RouteIcon } from 'lucide-react';
import type { OrchestrationNode as OrchestrationNodeType } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { ContextChips } from '../../parts/context-chips';
import { QuestionBody } from '../../parts/question-body';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { orchestrationDefinition } from './definition';

/** An orchestration step (the older form): the routing node's look, with its orchestrator brief and sub-agent routes. */
export const OrchestrationNode = memo(function OrchestrationNode({ data }: NodeProps<OrchestrationNodeType>) {
  const { step } = data;
  const inner = step.orchestration_step;
  const routes = step.orchestration_routes?.length ?? 0;
  return (
    <StepNodeFrame definition={orchestrationDefinition} data={data} className="pv-node--routing-like">
      <QuestionBody step={step} question={step.description || inner?.description} placeholder="No description" />
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--routes" data-testid="routes-count">
          <RouteIcon size={11} aria-hidden />
          {routes} route{routes === 1 ? '' : 's'}
        </span>
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
      <ContextChips inputs={step.context_dependencies ?? inner?.context_dependencies} outputs={step.context_output ?? inner?.context_output} />
    </StepNodeFrame>
  );
});

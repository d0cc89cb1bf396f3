import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Repeat } from 'lucide-react';
import type { RegularNode } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { ContextChips } from '../../parts/context-chips';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { regularDefinition } from './definition';
import { StepBody } from '../../parts/step-body';

/** A regular step (also an untyped one, which the runtimes read as regular). */
export const StepNode = memo(function StepNode({ data }: NodeProps<RegularNode>) {
  const { step } = data;
  return (
    <StepNodeFrame definition={regularDefinition} data={data}>
      <StepBody step={step} />
      <div className="pv-node__footer">
        {step.has_loop === true && (
          <span className="pv-chip pv-chip--loop" data-testid="loop-marker" title={step.loop_condition ?? 'Repeats until its loop condition holds'}>
            <Repeat size={11} aria-hidden />
            Loop{typeof step.max_iterations === 'number' ? ` ×${step.max_iterations}` : ''}
          </span>
        )}
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
        <ContextChips inputs={step.context_dependencies} outputs={step.context_output} />
      </div>
    </StepNodeFrame>
  );
});
